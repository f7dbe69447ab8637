"""The site's language kept with the account: chosen on any device (the header's menu), it is
stored in the player's `Preferences` and spoken on every device they log in on, over that device's
cookie and its browser's languages. A visitor's choice before signing up or logging in is kept
as their first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.views import i18n
from django.views.decorators.http import require_POST

from polis_site.notices.models import Preferences

#: The account's language in a logged-in session (read on each request without the database).
SESSION_KEY = "polis_language"


def _offered(language: str | None) -> bool:
    return language in dict(settings.LANGUAGES)


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's `set_language` (the cookie, the way back), and for a player the account's language."""
    response = i18n.set_language(request)
    language = request.POST.get("language")
    if _offered(language) and request.user.is_authenticated:
        Preferences.objects.update_or_create(user=request.user, defaults={"language": language})
        request.session[SESSION_KEY] = language
    return response


@receiver(user_logged_in)
def _logged_in(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    if request is None or not hasattr(request, "session"):
        return
    preferences = Preferences.of(user)
    if not preferences.language:
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        if not _offered(chosen):
            return
        preferences.language = chosen
        preferences.save(update_fields=["language"])
    request.session[SESSION_KEY] = preferences.language


class AccountLanguage:
    """Speaks a logged-in player's language, and leaves it in the device's cookie (the match
    socket and a page after logging out read that)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = request.session.get(SESSION_KEY) if request.user.is_authenticated else None
        if _offered(language):
            translation.activate(language)
            request.LANGUAGE_CODE = language
        response = self.get_response(request)
        if _offered(language) and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != language \
                and settings.LANGUAGE_COOKIE_NAME not in response.cookies:
            response.set_cookie(settings.LANGUAGE_COOKIE_NAME, language, max_age=settings.LANGUAGE_COOKIE_AGE,
                                path=settings.LANGUAGE_COOKIE_PATH, domain=settings.LANGUAGE_COOKIE_DOMAIN,
                                secure=settings.LANGUAGE_COOKIE_SECURE, httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                                samesite=settings.LANGUAGE_COOKIE_SAMESITE)
        return response
