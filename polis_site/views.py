"""The site's own pages; the game's pages live in polis_site.matches."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import markdown

from allauth.account import views as allauth_views
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.staticfiles import finders
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from polis_site import throttles
from polis_site.guests import services as guests
from polis_site.health import computer_report, run_checks
from polis_site.matches.models import COMPUTER_LEVELS
from polis_site.presentation import board
from polis_site.presentation.listings import my_matches_listing

#: Matches listed on a player's home page (all of them are on "my matches").
HOME_ROWS = 8


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """What Polis Online is, a picture of the game and the one-click way in; for a player, their
    matches, those awaiting them first."""
    shown = {"board": board.drawing(), "picture": board.picture(), "computer_levels": COMPUTER_LEVELS}
    if not request.user.is_authenticated:
        return render(request, "home.html", shown)
    rows = my_matches_listing(request.user)
    return render(request, "home.html", {**shown, "rows": rows[:HOME_ROWS], "waiting": sum(row["your_turn"] for row in rows)})


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, at the site's root so that its scope is every page (static/js/sw.js)."""
    path = finders.find("js/sw.js")
    response = HttpResponse(Path(path).read_bytes(), content_type="text/javascript")
    response["Cache-Control"] = "no-cache"  # a new worker is picked up at the next visit
    return response


def rules(request: HttpRequest) -> HttpResponse:
    """The rules in our own words: the same text the match page's help panel shows."""
    return render(request, "rules.html")


#: What the rulebooks leave open and how this site decides it, as the developers keep it.
RULINGS = settings.BASE_DIR / "docs" / "rulings.md"


def _ruling_id(heading: str, separator: str) -> str:
    """A ruling's anchor is its number ("R24" -> #r24), which the pages cite; other headings slugged."""
    numbered = re.match(r"R(\d+)\.", heading)
    return f"r{numbered[1]}" if numbered else re.sub(r"[^a-z0-9]+", separator, heading.lower()).strip(separator)


#: What docs/rulings.md keeps for its developers, left off the page: the opening paragraph (where the
#: rulebooks' files are) and each ruling's tests.
_FOR_DEVELOPERS = re.compile(r"\A.*?(?=^## )|^\*\*Tests?\.\*\*.*?(?=^## |^\*\*|\Z)", re.S | re.M)


@functools.cache
def _rulings_html() -> str:
    text = _FOR_DEVELOPERS.sub("", RULINGS.read_text(encoding="utf-8"))
    return markdown.markdown(text, extensions=["toc"], extension_configs={"toc": {"slugify": _ruling_id}})


@require_GET
def rulings(request: HttpRequest) -> HttpResponse:
    """Every ruling on what the rulebooks leave open, each at its number's anchor (/rules/rulings/#r24),
    as docs/rulings.md says it (in English: it quotes the English rulebooks)."""
    return render(request, "rulings.html", {"rulings": _rulings_html()})


def _throttled(request: HttpRequest) -> HttpResponse:
    return render(request, "registration/throttled.html", status=429)


class LoginForm(AuthenticationForm):
    """Django's, whose refusal (a non-field error) describes both fields and marks them invalid: a
    screen reader heard nothing of a wrong password (an outside tour)."""

    def clean(self) -> dict[str, Any]:
        try:
            return super().clean()
        except ValidationError:
            for field in ("username", "password"):
                self.fields[field].widget.attrs.update({"aria-describedby": "login-error", "aria-invalid": "true"})
            raise


_LOGIN = auth_views.LoginView.as_view(authentication_form=LoginForm)


@require_http_methods(["GET", "POST"])
def login_view(request: HttpRequest) -> HttpResponse:
    """Django's login, after the throttles: attempts for one username, and from one address (both
    counted, so guessing many names from one place is stopped too). A guest who logs in to their own
    account brings the matches they played as a guest."""
    if request.method == "POST":
        by_name = throttles.over(request, "login-username", "post:username", "LOGIN_RATE_PER_USERNAME")
        if throttles.over(request, "login-ip", "ip", "LOGIN_RATE_PER_IP") or by_name:
            return _throttled(request)
    guest = request.user if guests.is_guest(request.user) else None
    response = _LOGIN(request)
    if guest is not None and request.user.is_authenticated and request.user.pk != guest.pk:
        guests.hand_over(guest, request.user)
    return response


#: A new username's most characters, as lichess allows: a name stays one readable word in a match's
#: heading, a lobby row and a phone's player card. Older, longer names keep working (ellipsis).
USERNAME_MAX = 20
#: How the computer opponent is named in each language ("Computer (hard)", "Ordenador (difícil)"):
#: no player's name may begin so and pass for it.
COMPUTER_NAMES = ("computer", "ordenador")


class SignUpForm(UserCreationForm):
    """A username and a password; the names guests are given are not for the taking."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        field.max_length = USERNAME_MAX
        field.validators.append(MaxLengthValidator(USERNAME_MAX, message=_(
            "A username has at most %(limit_value)d characters; this one has %(show_value)d.")))
        # No maxlength on the input: a longer name pasted is refused with the reason, not cut unseen.
        field.widget.attrs.pop("maxlength", None)
        field.help_text = _("Up to %(n)s characters: letters, digits and @ . + - _ only.") % {"n": USERNAME_MAX}
        # Said as the site says everything (Django's own help is formal in Spanish), true of the
        # validators in settings.AUTH_PASSWORD_VALIDATORS.
        self.fields["password1"].help_text = _(
            "At least 8 characters, not digits only, not a common password and not like your username.")
        self.fields["password2"].help_text = _("The same password again, to be sure of it.")

    def clean_username(self) -> str | None:
        username = super().clean_username()
        if username and guests.reserved(username):
            raise ValidationError(_("Names beginning with %(prefix)s are for guests; choose another."),
                                  code="reserved", params={"prefix": guests.PREFIX})
        if username and username.casefold().startswith(COMPUTER_NAMES):
            raise ValidationError(_("A name beginning with “%(name)s” would pass for the computer; choose another."),
                                  code="reserved", params={"name": username[:9]})
        return username


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A username and a password are all an account needs. A guest who signs up keeps their
    account, named now, and with it every match they played."""
    if request.method == "POST" and throttles.over(request, "signup-ip", "ip", "SIGNUP_RATE_PER_IP"):
        return _throttled(request)
    guest = request.user if guests.is_guest(request.user) else None
    form = SignUpForm(request.POST or None, instance=guest, initial={"username": ""})
    if request.method == "POST" and form.is_valid():
        user = form.save()
        if guest is not None:
            guests.keep(user)
        login(request, user)
        messages.success(request, _("Welcome, %(name)s: your account is made.") % {"name": user.get_username()})
        target = request.GET.get("next", "")
        safe = url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure())
        return redirect(target if target and safe else "lobby:lobby")
    first = next((name for name in form.fields if name in form.errors), None)
    if first == "password2":  # both passwords come back empty: the first of them is typed again first,
        first = "password1"   # and says what was wrong with them (the error stands under the second)
        form.fields["password1"].widget.attrs["aria-describedby"] = "id_password1_helptext id_password2_error"
    if first is not None:  # the page opens at the first field in error (its error is its description)
        for field in form.fields.values():
            field.widget.attrs.pop("autofocus", None)
        form.fields[first].widget.attrs["autofocus"] = True
    return render(request, "registration/signup.html", {"form": form})


@never_cache
@require_GET
async def healthz(request: HttpRequest) -> JsonResponse:
    """200 when every part answers; 503 naming the parts that do not, for the proxy and for people.
    A failure says only its kind to the public (an error's text can name a host and port: issue 21);
    with DEBUG on, the whole of it."""
    checks = await run_checks()
    down = [check.name for check in checks if not check.ok]
    body = {
        "status": "down" if down else "ok",
        "down": down,
        "checks": {check.name: {"ok": check.ok, "ms": check.ms,
                                "detail": check.detail if check.ok or settings.DEBUG else check.detail.split(":")[0]}
                   for check in checks},
        # The computer's workers and queue (issue 54): reported, not a readiness check; this web
        # process serves people playing people whatever the workers do.
        "computer": await computer_report(),
    }
    return JsonResponse(body, status=503 if down else 200)


class ConfirmEmail(allauth_views.ConfirmEmailView):
    """django-allauth's link from its verification email (confirmed on opening it), on the site's
    own page when it is not valid: allauth's page links to allauth's login, which the site replaces."""

    template_name = "account/email_confirm.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {"confirmation": self.object}
