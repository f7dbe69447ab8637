"""Personal access tokens: made with a name and scopes and shown once, found again by their
SHA-256 only, revoked at once (an open stream of the token hears it and closes)."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from polis_site.api.errors import ApiError
from polis_site.api.models import AccessToken, Scope
from polis_site.matches import audience

#: What every token begins with, so that a leaked one is recognised (secret scanners, logs).
PREFIX = "polis_"
#: Live tokens an account may hold.
MOST = 20
#: A token's last use is written at most this often: a bot's every call must not be a write.
USE_WRITTEN_EVERY = timedelta(minutes=1)


def digest(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8", "replace")).hexdigest()


def revocation_group(token_id: int) -> str:
    """The channel-layer group of a token's open streams: told when it is revoked."""
    return f"api.token.{token_id}"


def issue(user: Any, name: Any, scopes: Iterable[Any]) -> tuple[AccessToken, str]:
    """A new token of `user`'s and its text, which is never stored and never shown again."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 60:
        raise ApiError("a token's name is 1 to 60 characters", code="bad_token_name")
    chosen = sorted(set(scopes), key=list(Scope.values).index) if all(s in Scope.values for s in scopes) else None
    if not chosen:
        raise ApiError(f"choose one or more scopes of {', '.join(Scope.values)}", code="bad_scopes")
    if AccessToken.objects.filter(user=user, revoked_at__isnull=True).count() >= MOST:
        raise ApiError(f"you have {MOST} tokens; revoke one first", code="too_many_tokens", most=MOST)
    raw = PREFIX + secrets.token_urlsafe(32)
    token = AccessToken.objects.create(user=user, name=name.strip(), scopes=" ".join(chosen), digest=digest(raw),
                                       prefix=raw[:len(PREFIX) + 4])
    return token, raw


def live(user: Any) -> list[AccessToken]:
    return list(AccessToken.objects.filter(user=user, revoked_at__isnull=True))


def revoke(user: Any, token_id: int) -> AccessToken:
    """The token refuses every call from now on, and its open streams close."""
    with transaction.atomic():
        token = AccessToken.objects.select_for_update().filter(pk=token_id, user=user).first()
        if token is None:
            raise ApiError(f"you have no token {token_id}", code="no_such_token")
        if token.revoked_at is None:
            token.revoked_at = timezone.now()
            token.save(update_fields=["revoked_at"])
            group = revocation_group(token.pk)
            transaction.on_commit(lambda: audience.send_now({group: {"type": "token.revoked"}}))
    return token


def find(raw: str) -> AccessToken:
    """The live token `raw` is, with its user; refused with a code saying why not."""
    if not raw.startswith(PREFIX):
        raise ApiError("that is not a Polis Online token (they begin with polis_)", code="bad_token", status=401)
    token = AccessToken.objects.select_related("user").filter(digest=digest(raw)).first()
    if token is None:
        raise ApiError("no such token: make one on your preferences page", code="bad_token", status=401)
    if token.revoked_at is not None:
        raise ApiError("this token was revoked", code="token_revoked", status=401)
    if not token.user.is_active:
        raise ApiError("this token's account is closed", code="bad_token", status=401)
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= USE_WRITTEN_EVERY:
        AccessToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token


def still_live(token_id: int) -> bool:
    return AccessToken.objects.filter(pk=token_id, revoked_at__isnull=True).exists()


def require(token: AccessToken, scope: str) -> None:
    if scope not in token.scope_set:
        raise ApiError(f"this call needs a token with the {scope!r} scope; this one has {token.scopes!r}",
                       code="missing_scope", status=403, scope=scope)
