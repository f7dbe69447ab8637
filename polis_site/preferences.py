"""The preferences page is the notices app's (`notices:preferences`); other apps add sections to it
here, each its HTML for the request (their forms post to their own views and come back), so that
the notices app names none of them."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest

#: Sections below the notices' own form.
sections: list[Callable[[HttpRequest], str]] = []
