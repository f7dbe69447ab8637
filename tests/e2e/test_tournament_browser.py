"""A Swiss tournament by clicking and over the API: a player makes it with the form and joins, another
joins in Spanish on a phone, two bots join over the API; it begins when full and pairs its rounds by
itself (the site's worker), people resigning their matches by clicking and bots over the API, to its
final standings, which a visitor's page, never reloaded, shows as they come."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest

from benchmarks.client import SiteUser
from examples import bot as example
from tests.e2e.test_match_browser import PASSWORD, sign_up
from tests.support.accessibility import violations
from tests.support.clicking import WAIT_MS
from tests.support.services import DaphneProcess

pytestmark = pytest.mark.browser


def make_bot(site: DaphneProcess, name: str) -> example.Client:
    user = SiteUser(site.base_url, name, PASSWORD).sign_up()
    client = example.Client(site.base_url, user.make_token("tournament bot", ("read", "play", "challenge", "bot")))
    client.call("POST", "/account/bot")
    return client


def resign_by_clicking(page: Any, site: DaphneProcess, tournament_id: int, match_id: int) -> None:
    """From the tournament's page, the match's link, then Resign (confirmed), then back."""
    page.goto(f"{site.base_url}/tournaments/{tournament_id}/")
    page.locator(f'#rounds a[href="/matches/{match_id}/"]').click()
    page.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#resign button").click()
    page.wait_for_function("document.querySelector('#match').dataset.status === 'finished'", timeout=WAIT_MS)
    page.goto(f"{site.base_url}/tournaments/{tournament_id}/")


def test_a_swiss_of_people_and_bots_plays_its_rounds_by_itself_to_its_final_standings(
        browser, live_site: DaphneProcess) -> None:
    tag = uuid.uuid4().hex[:6]
    site = live_site
    people: dict[str, Any] = {}
    contexts = []
    for name, options in ((f"kleon-{tag}", {"viewport": {"width": 1280, "height": 900}, "locale": "en-US"}),
                          (f"brasidas-{tag}", {"viewport": {"width": 390, "height": 844}, "locale": "es-ES",
                                               "is_mobile": True, "has_touch": True})):
        context = browser.new_context(**options)
        contexts.append(context)
        page = context.new_page()
        sign_up(page, site.base_url, name)
        people[name] = page
    maker, phone = people.values()
    # Made with the form: Swiss, three rounds, four players, bots welcome, no time limit, unrated.
    maker.goto(site.base_url + "/tournaments/")
    maker.fill("#t-name", f"Delian cup {tag}")
    maker.select_option("#t-format", "swiss")
    maker.fill("#t-rounds", "3")
    maker.select_option("#t-control", "")
    maker.select_option("#t-rated", "0")
    maker.fill("#t-min_players", "4")
    maker.fill("#t-max_players", "4")
    maker.check("#t-bots")
    maker.locator("#create-submit").click()
    maker.wait_for_url("**/tournaments/*/")
    tournament_id = int(maker.url.rstrip("/").rsplit("/", 1)[1])
    assert maker.locator("#tournament-name").inner_text() == f"Delian cup {tag}"
    assert "Swiss, 3 rounds" in maker.locator("#tournament-terms").inner_text()
    # A visitor watches the page from before it begins, never reloading it.
    visitor_context = browser.new_context(viewport={"width": 1280, "height": 900})
    contexts.append(visitor_context)
    visitor = visitor_context.new_page()
    visitor.goto(f"{site.base_url}/tournaments/{tournament_id}/")
    visitor.locator('#tournament-part[data-live="1"]').wait_for(timeout=WAIT_MS)
    visitor.evaluate("""() => { window.said = [];
      new MutationObserver(() => window.said.push(document.querySelector('#tournament-said').textContent))
        .observe(document.querySelector('#tournament-said'), {childList: true, characterData: true, subtree: true}); }""")
    maker.locator("#join").click()
    assert "You are in." in maker.locator(".messages").inner_text()
    phone.goto(f"{site.base_url}/tournaments/{tournament_id}/")
    phone.locator("#join").tap()
    assert "Ya estás inscrito" in phone.locator(".messages").inner_text()
    bots = {f"bot-a-{tag}": make_bot(site, f"bot-a-{tag}"), f"bot-b-{tag}": make_bot(site, f"bot-b-{tag}")}
    for client in bots.values():
        assert client.call("POST", f"/tournaments/{tournament_id}/join")["entered"] is True
    any_bot = next(iter(bots.values()))
    for number in (1, 2, 3):
        visitor.locator(f'#tournament-status[data-round="{number}"]').wait_for(timeout=WAIT_MS)
        games = [g for g in any_bot.call("GET", f"/tournaments/{tournament_id}")["games"] if g["round"] == number]
        assert len(games) == 2 and all(g["match"] for g in games)
        for game in games:
            athens, sparta = game["athens"]["username"], game["sparta"]["username"]
            person = next((n for n in (athens, sparta) if n in people), None)
            # People resign by clicking in round 1; later a bot facing a person resigns over the API.
            if person is not None and (number == 1 or athens in people and sparta in people):
                resign_by_clicking(people[person], site, tournament_id, game["match"])
            else:
                loser = next(n for n in (athens, sparta) if n in bots)
                bots[loser].call("POST", f"/matches/{game['match']}/resign")
    visitor.locator('#tournament-status[data-status="finished"]').wait_for(timeout=WAIT_MS)
    assert visitor.locator("#tournament-status").inner_text() == "Finished: the final standings."
    assert visitor.locator("#tournament-said").inner_text().endswith("Finished: the final standings.")
    final = any_bot.call("GET", f"/tournaments/{tournament_id}")
    # Its live region said each game's result once, as it came, with its players' names.
    said = visitor.evaluate("window.said")
    for game in final["games"]:
        athens, sparta = (re.escape(game[s]["username"]) for s in ("athens", "sparta"))  # a bot's name marked "BOT"
        won = "Athens won" if game["result"] == "athens" else "Sparta won"
        result = re.compile(rf"(?:BOT )?{athens} \(Athens\) against (?:BOT )?{sparta} \(Sparta\): {won}")
        assert sum(len(result.findall(text)) for text in said) == 1, (result.pattern, said)
    rows = visitor.locator("#crosstable tbody tr")
    assert rows.count() == 4
    shown = [rows.nth(i).locator("th a .player-name").inner_text() for i in range(4)]
    assert shown == [row["player"]["username"] for row in final["standings"]]
    assert sum(row["points"] for row in final["standings"]) == 6
    pairs = [frozenset((g["athens"]["username"], g["sparta"]["username"])) for g in final["games"]]
    assert len(set(pairs)) == 6, "three rounds of four: each pair met once"
    # Each cell names its game in words for a screen reader, and links to its match.
    cell = visitor.locator("#crosstable tbody tr").first.locator("td.cell a").first
    assert cell.get_attribute("aria-label").startswith("Round 1: ")
    # The phone's page, in Spanish, reads the end and scrolls no wider than the screen.
    phone.reload()
    assert phone.locator("#tournament-status").inner_text() == "Terminado: la clasificación final."
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # Its crosstable scrolled to the last round keeps the players' names in sight at its left edge.
    kept = phone.evaluate("""() => {
      const region = document.querySelector('#standings .table-scroll');
      region.scrollLeft = region.scrollWidth;
      const edge = region.getBoundingClientRect();
      return Array.from(region.querySelectorAll('tbody th[scope=row]'), (name) => {
        const box = name.getBoundingClientRect();
        return region.scrollLeft > 0 && box.left >= edge.left - 1 && box.right <= edge.right;
      });
    }""")
    assert kept and all(kept), kept
    # The finished tournament is listed as such, and on each player's profile with their place.
    maker.goto(site.base_url + "/tournaments/")
    assert maker.locator(f'#finished tr[data-tournament="{tournament_id}"]').count() == 1
    maker.goto(f"{site.base_url}/matches/players/{next(iter(people))}/")
    assert maker.locator(f'#profile-tournaments li[data-tournament="{tournament_id}"]').inner_text().count("of 4") == 1
    for context in contexts:
        context.close()


def test_a_tournament_by_invitation_is_joined_through_the_link_its_organiser_copies(browser, live_site: DaphneProcess) -> None:
    tag = uuid.uuid4().hex[:6]
    site = live_site
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US"),
                browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES", is_mobile=True, has_touch=True),
                browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")]
    maker, friend, stranger = (context.new_page() for context in contexts)
    for page, name in ((maker, f"pericles-{tag}"), (friend, f"aspasia-{tag}"), (stranger, f"kleon-{tag}")):
        sign_up(page, site.base_url, name)
    maker.goto(site.base_url + "/tournaments/")
    maker.fill("#t-name", f"Symposium {tag}")
    maker.fill("#t-min_players", "2")
    maker.fill("#t-max_players", "4")
    maker.check("#t-bots")
    maker.check("#t-invitation_only")
    maker.locator("#create-submit").click()
    maker.wait_for_url("**/tournaments/*/")
    tournament_id = int(maker.url.rstrip("/").rsplit("/", 1)[1])
    assert "by invitation" in maker.locator("#tournament-terms").inner_text()
    maker.locator('#tournament-part[data-live="1"]').wait_for(timeout=WAIT_MS)  # its part fetched anew on opening
    maker.locator("#invitation-copy").click()
    maker.wait_for_function("document.querySelector('#invitation-copy').textContent === 'Copied'", timeout=WAIT_MS)
    maker.locator('#invitation-copy + .copied-said[role="status"]', has_text="Copied").wait_for(timeout=WAIT_MS)
    link = maker.locator("#invitation-link").input_value()
    assert link.startswith(f"{site.base_url}/tournaments/{tournament_id}/?invitation=")
    assert violations(maker, "organiser's page: ") == []
    # Without the link: no Join, and the page says how one joins.
    stranger.goto(f"{site.base_url}/tournaments/{tournament_id}/")
    assert stranger.locator("#join").count() == 0
    assert stranger.locator("#by-invitation").inner_text() == "By invitation: join through the link its organiser shares."
    # With it, on a phone in Spanish: Join, tapped.
    friend.goto(link)
    assert "por invitación" in friend.locator("#tournament-terms").inner_text()
    friend.locator("#join").tap()
    assert "Ya estás inscrito" in friend.locator('[role="alert"] > .messages').inner_text()
    assert violations(friend, "invited phone: ") == []
    # A bot over the API: refused without the link's invitation, in with it.
    bot = make_bot(site, f"bot-i-{tag}")
    with pytest.raises(example.Refused) as refused:
        bot.call("POST", f"/tournaments/{tournament_id}/join")
    assert (refused.value.status, refused.value.code) == (403, "invitation_needed")
    invitation = link.rsplit("=", 1)[1]
    assert bot.call("POST", f"/tournaments/{tournament_id}/join", {"invitation": invitation})["entered"] is True
    stranger.reload()
    assert stranger.locator("#entries").inner_text().count(tag) == 2
    for context in contexts:
        context.close()
