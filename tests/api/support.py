"""Calls of the open API from a test: a user's token and Django's test client sending it. (Its
streams are read from a real Daphne process: tests/api/test_api_live.py.)"""

from __future__ import annotations

import json
from typing import Any

from django.test import Client

from polis_site.api import tokens

ALL = ("read", "play", "challenge", "bot")


class Caller:
    """A token of `user`'s and the calls it makes (JSON in; the status and the JSON out)."""

    def __init__(self, user: Any, scopes: tuple[str, ...] = ALL) -> None:
        self.user = user
        self.token, self.raw = tokens.issue(user, f"test token {'+'.join(scopes)}", scopes)
        self.client = Client()

    def call(self, method: str, path: str, body: Any = None, raw_body: bytes | None = None,
             authorization: str | None = None) -> tuple[int, Any]:
        header = {"HTTP_AUTHORIZATION": authorization if authorization is not None else f"Bearer {self.raw}"}
        if authorization == "":
            header = {}
        send = getattr(self.client, method.lower())
        if method.upper() == "GET":
            response = send(f"/api/v1{path}", **header)
        else:
            data = raw_body if raw_body is not None else ("" if body is None else json.dumps(body))
            response = send(f"/api/v1{path}", data=data, content_type="application/json", **header)
        content = response.content
        typed = response.get("Content-Type", "").startswith("application/json")
        return response.status_code, json.loads(content) if typed else content
