"""The first page and /healthz on the embedded default (SQLite, in-memory layer)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import AsyncClient, Client

pytestmark = pytest.mark.django_db


def test_home_is_rendered_from_the_templates_folder(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert [t.name for t in response.templates][:2] == ["home.html", "base.html"]
    assert b'id="home-signup"' in response.content and b'id="home-login"' in response.content


def test_a_player_s_home_lists_their_matches_those_awaiting_them_first(client: Client) -> None:
    """The home page is a player's way back in (issue 19): the developer's echo check is gone (21)."""
    from django.utils import timezone

    from polis_site.matches.models import Match
    from tests.matches.factories import PASSWORD, UserFactory, active_match, sparta_first

    player = UserFactory()
    idle = active_match(sparta_first("home-a"), athens=player)      # waits for Sparta
    waiting = active_match(sparta_first("home-b"), sparta=player)   # waits for the player
    Match.objects.filter(pk=idle.pk).update(updated_at=timezone.now())  # the newer one
    assert client.login(username=player.username, password=PASSWORD)
    response = client.get("/")
    assert [row["match"] for row in response.context["rows"]] == [waiting, idle]
    assert response.context["waiting"] == 1 and b"home-signup" not in response.content
    assert b"/ws/echo/" not in response.content
    # Each row says whose move it is: the player's, or the opponent's (it said "in play").
    statuses = re.findall(r'data-label="Status">(?:<strong>)?([^<]+)', response.content.decode())
    assert statuses == ["Your turn", "Their turn"], statuses
    Match.objects.filter(pk=waiting.pk).update(status=Match.Status.FINISHED, waiting_for="")
    assert client.get("/").context["waiting"] == 0


def test_home_in_spanish(client: Client) -> None:
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 200
    assert response["Content-Language"] == "es"
    assert "Atenas contra Esparta, en tu navegador" in response.content.decode()


def test_the_spanish_sign_up_form_speaks_to_the_player_as_the_site_does(client: Client) -> None:
    """Outside tour: Django's own help for passwords is formal in Spanish ("Su contraseña ...,
    introduzca"); the site says "tú" everywhere else."""
    page = client.get("/accounts/signup/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Su contraseña" not in page and "introduzca" not in page
    assert "ni parecida a tu nombre de usuario" in page and "La misma contraseña otra vez" in page


async def test_healthz_checks_the_database_and_the_layer() -> None:
    response = await AsyncClient().get("/healthz")
    assert response.status_code == 200
    report = response.json()
    assert report["status"] == "ok" and report["down"] == []
    assert report["checks"]["database"] == {**report["checks"]["database"], "ok": True, "detail": "sqlite"}
    assert report["checks"]["channel_layer"]["detail"] == "InMemoryChannelLayer"
    assert "no-cache" in response["Cache-Control"]


def test_healthz_only_answers_get(client: Client) -> None:
    assert client.post("/healthz").status_code == 405


def test_every_page_carries_a_content_security_policy_of_this_site_only(client: Client) -> None:
    """Issue 21, point 8: scripts, styles and connections from this site only; no frames."""
    policy = client.get("/")["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
    assert directives["connect-src"] == "'self'" and directives["frame-ancestors"] == "'none'"
    assert "Content-Security-Policy" in client.get("/accounts/login/")


async def test_a_failing_check_tells_the_public_its_kind_not_its_host(settings: object, monkeypatch: object) -> None:
    """Issue 21, point 8: /healthz showed the Redis host and port to anyone."""
    from polis_site import health, views

    async def refused() -> list[health.Check]:
        return [health.Check("channel_layer", False, "ConnectionError: Error 111 connecting to redis.internal:6379", 1.0)]
    monkeypatch.setattr(views, "run_checks", refused)
    settings.DEBUG = False
    report = (await AsyncClient().get("/healthz")).json()
    assert report["checks"]["channel_layer"]["detail"] == "ConnectionError"
    settings.DEBUG = True
    report = (await AsyncClient().get("/healthz")).json()
    assert "redis.internal:6379" in report["checks"]["channel_layer"]["detail"]


def test_the_rules_page_links_every_ruling_it_cites_and_the_rulings_page_has_each(client: Client) -> None:
    """The rules promised 'our rulings, R24 to R44' with no link (issue 62): each ruling cited is a
    link to its own anchor on the rulings page, read from docs/rulings.md."""
    rules = client.get("/rules/").content.decode()
    cited = set(re.findall(r'href="/rules/rulings/#(r\d+)"', rules))
    assert {"r24", "r41"} <= cited and 'href="/rules/rulings/"' in rules
    rulings = client.get("/rules/rulings/").content.decode()
    numbers = re.findall(r"^## R(\d+)\.", (settings.BASE_DIR / "docs" / "rulings.md").read_text(), re.M)
    anchors = set(re.findall(r'<h2 id="(r\d+)">', rulings))
    assert anchors == {f"r{n}" for n in numbers} and len(anchors) >= 44, anchors
    assert cited <= anchors
    assert "Storage keeps half, rounded up" in rulings and "lang=\"en\"" in rulings
    # What the developers keep with each ruling (its tests, the rulebooks' files) is not the player's.
    assert "test_" not in rulings and "../shared" not in rulings and "<strong>Decision.</strong>" in rulings
    spanish = client.get("/rules/rulings/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert 'id="rulings-language"' in spanish and 'id="rulings-language"' not in rulings
    assert 'href="/rules/rulings/#r24"' in client.get("/rules/", HTTP_ACCEPT_LANGUAGE="es").content.decode()


def test_a_refused_log_in_says_so_in_its_title_and_describes_both_fields(client: Client) -> None:
    """An outside tour: a wrong password's refusal was neither in the title nor tied to a field."""
    from tests.matches.factories import UserFactory

    user = UserFactory()
    page = client.post("/accounts/login/", {"username": user.username, "password": "not-the-password"}).content.decode()
    assert "<title>Not logged in: see the error · Log in · Polis Online</title>" in page
    error = re.search(r'<div class="error" id="login-error" role="alert">(.*?)</div>', page, re.S)
    assert error and "correct username and password" in error.group(1)
    for field in ("username", "password"):
        tag = re.search(rf'<input[^>]*name="{field}"[^>]*>', page).group(0)
        assert 'aria-describedby="login-error"' in tag and 'aria-invalid="true"' in tag, tag
    assert 'id="login-error"' not in client.get("/accounts/login/").content.decode()


def test_the_rules_page_heads_its_sections_below_its_title_in_order(client: Client) -> None:
    """An outside tour: the rules went from h1 to h3 (the help's sections are h3 in the match's panel)."""
    levels = [int(n) for n in re.findall(r"<h([1-6])[ >]", client.get("/rules/").content.decode())]
    assert levels[0] == 1 and all(b <= a + 1 for a, b in zip(levels, levels[1:])), levels


def test_a_lobby_challenges_accept_button_names_whose_challenge_it_takes(client: Client) -> None:
    """An outside tour: a list of buttons each named only "Accept"."""
    from polis_site.matches import services
    from tests.matches.factories import UserFactory

    maker, reader = UserFactory(), UserFactory()
    services.create_match(maker, "athens")
    client.force_login(reader)
    page = client.get("/matches/").content.decode()
    assert f'aria-label="Accept the challenge of {maker.username}">Accept</button>' in page
