"""Two real headless Chromium contexts play a match by clicking, each seeing the other's moves
arrive without reloading."""

from __future__ import annotations

import json
import re
import sqlite3
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from engine import api
from engine.data.sides import opponent
from tests.support.clicking import WAIT_MS, idle, until, version
from tests.support.games import bot_game, foresee_a_battle
from tests.support.services import DaphneProcess, manage

pytestmark = pytest.mark.browser
PASSWORD = "Peloponnesos-431"


def sign_up(page: Any, base_url: str, username: str) -> None:
    page.goto(base_url + "/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.locator("form.form button[type=submit]").click()
    try:
        page.wait_for_url(lambda url: "/signup/" not in url, timeout=WAIT_MS)
    except Exception as error:  # the form refused: say why, not only that the page stayed
        raise AssertionError(f"sign-up of {username!r} refused: {page.locator('form.form').inner_text()}") from error


def signed_up(browser: Any, base_url: str, *names: str) -> tuple[str, ...]:
    """Accounts of these names, made by the sign-up form in a context of their own."""
    signer = browser.new_context()
    for name in names:
        sign_up(signer.new_page(), base_url, name)
    signer.close()
    return names


def log_in(page: Any, base_url: str, username: str) -> None:
    page.goto(base_url + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(lambda url: "/login/" not in url)


def decide_by_clicking(page: Any) -> None:
    """Answer whatever the page asks, as a player clicks: another action type than passing when
    there is one, the first usable choice at each step, another type when one leads nowhere or is
    refused, and confirm once the page offers it."""
    start = version(page)
    body = page.locator("#action-body")
    tried: set[str] = set()
    for _ in range(80):
        if version(page) > start:
            return
        confirm = body.locator("button.confirm:enabled")
        if confirm.count():
            confirm.click()
            page.wait_for_function(f"Number(document.querySelector('#match').dataset.version) > {start} || "
                                   "!document.querySelector('#action-error').hidden", timeout=WAIT_MS)
            if version(page) > start:
                return
            tried.add(page.evaluate("window.polisMatch.build.partial.type") or "")
            body.locator("button.cancel").click()
            continue
        cards = body.locator("button.battle-card:enabled[aria-pressed=false]")
        choices = body.locator("button.choice:enabled:not(.refused)").all()
        if page.evaluate("window.polisMatch.build?.kind === 'action' && !window.polisMatch.build.partial.type"):
            untried = [c for c in choices if c.get_attribute("data-choice") not in tried | {"pass"}]
            pick = untried[0] if untried else body.locator('button.choice[data-choice="pass"]')
            tried.add(pick.get_attribute("data-choice"))
            pick.click()
        elif cards.count():
            cards.first.click()
        elif choices:
            choices[0].click()
        elif body.locator("button.more").count():
            body.locator("button.more").first.click()
        elif body.locator("button.cancel").count():
            tried.add(page.evaluate("window.polisMatch.build.partial.type") or "")
            body.locator("button.cancel").click()
        idle(page)
    raise AssertionError(f"no decision made; the panel shows: {body.inner_text()!r}; the error: "
                         f"{page.locator('#action-error').inner_text()!r}; building: "
                         f"{page.evaluate('JSON.stringify(window.polisMatch.build)')}")


def test_two_players_sign_up_invite_and_play_turns_by_clicking(browser, live_site: DaphneProcess,
                                                               artifacts_dir: Path) -> None:
    tag = uuid.uuid4().hex[:6]
    contexts = {name: browser.new_context(viewport={"width": 1400, "height": 1000}) for name in ("host", "guest")}
    pages = {name: context.new_page() for name, context in contexts.items()}
    errors: list[str] = []
    for page in pages.values():
        page.on("pageerror", lambda error: errors.append(str(error)))
    sign_up(pages["host"], live_site.base_url, f"pericles-{tag}")
    sign_up(pages["guest"], live_site.base_url, f"archidamus-{tag}")

    host = pages["host"]
    host.goto(live_site.base_url + "/matches/")
    host.select_option("#side", "athens")
    host.select_option("#who", "invited")  # by invite only: not in the lobby, the link's token takes the seat
    host.locator("#create-match button").click()
    invite = host.locator("#invite-url").input_value()
    assert "/invite/" in invite

    guest = pages["guest"]
    guest.goto(invite)
    guest.locator("#accept-invite button").click()
    guest.wait_for_url(lambda url: "/matches/" in url and "/invite/" not in url)
    for page in pages.values():
        page.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    host.wait_for_function("document.querySelector('#turn').dataset.waiting !== ''", timeout=WAIT_MS)
    by_seat = {"athens": host, "sparta": guest}

    for turn in range(8):
        waiting = host.locator("#turn").get_attribute("data-waiting")
        assert waiting in by_seat, f"the game waits for {waiting!r}"
        actor, watcher = by_seat[waiting], by_seat["sparta" if waiting == "athens" else "athens"]
        before = version(watcher)
        decide_by_clicking(actor)
        # The other browser sees the move arrive, without reloading: its version and its log.
        watcher.wait_for_function(f"Number(document.querySelector('#match').dataset.version) > {before}",
                                  timeout=WAIT_MS)
        watcher.locator(f'#log li[data-seq="{before + 1}"]:not(.round)').wait_for(timeout=WAIT_MS)
        assert watcher.locator(f'#log li[data-seq="{before + 1}"]:not(.round)').inner_text() == \
            actor.locator(f'#log li[data-seq="{before + 1}"]:not(.round)').inner_text()
        if turn == 1:
            actor.screenshot(path=str(artifacts_dir / "match-desktop.png"), full_page=True)
    assert version(host) == version(guest) >= 8
    guest.screenshot(path=str(artifacts_dir / "match-desktop-other-seat.png"), full_page=True)

    # The same seat on a phone, in Spanish: the page fits 390 px (the whole map fits the width).
    phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES", is_mobile=True, has_touch=True)
    phone.add_cookies(contexts["guest"].cookies())
    small = phone.new_page()
    small.on("pageerror", lambda error: errors.append(str(error)))
    small.goto(guest.url)
    small.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    assert small.locator("html").get_attribute("lang") == "es"
    # The match's seed is drawn afresh: an event card's question may have changed whose turn it is.
    mine = host.locator("#turn").get_attribute("data-waiting") == "sparta"
    assert small.locator("#actions h2").inner_text() == ("Tu jugada" if mine else "Mueve tu rival")
    assert "Conectado" in small.locator("#connection").inner_text()
    lines = small.locator("#log li:not(.round)").all_inner_texts()  # the moves (the round's end is no move)
    assert len(lines) == version(guest) and all(line.startswith(("Atenas", "Esparta")) for line in lines)
    assert small.evaluate("document.documentElement.scrollWidth") <= 390
    small.screenshot(path=str(artifacts_dir / "match-phone-es.png"), full_page=True)
    assert errors == []
    for context in (*contexts.values(), phone):
        context.close()


@contextmanager
def site_database(site: DaphneProcess) -> Iterator[sqlite3.Connection]:
    """The live site's own SQLite database, committed and closed on the way out."""
    db = sqlite3.connect(site.env["DATABASE_URL"].removeprefix("sqlite:///"))
    try:
        with db:
            yield db
    finally:
        db.close()


def secret_battle(site: DaphneProcess, match_id: int) -> dict[str, Any] | None:
    """The battle as the server holds it (deck and both hands), read from the site's own database."""
    with site_database(site) as db:
        (snapshot,) = db.execute("SELECT snapshot FROM matches_match WHERE id = ?", (match_id,)).fetchone()
    return json.loads(snapshot)["battle"]


def test_a_battle_is_fought_through_the_card_prompt_each_side_seeing_only_its_own_hand(
        browser, live_site: DaphneProcess, artifacts_dir: Path, tmp_path: Path) -> None:
    """From a prepared position (an admin export replayed by `manage.py importmatch`) to the end of
    the battle, every card chosen by clicking; the outcome reaches both players."""
    seed = "browser-battle-0"  # 4 units a side: a second combat round, Athens attacking
    prepared, log = bot_game(seed, foresee_a_battle(seed), stop_at_battle=True)
    assert prepared.battle is not None
    match_id, contexts, pages = seated_pages(browser, live_site, {"setup": api.Setup.from_seed(seed).to_json(),
                                                                  "log": log}, tmp_path)
    errors: list[str] = []
    for page in pages.values():
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.locator("#battle").wait_for(timeout=WAIT_MS)
        assert page.locator("#log li").last.inner_text().count("A battle begins in") == 1

    shots: set[str] = set()
    # The side the battle panel says attacks, read at each decision until an attack or a defence
    # shows who does: between combat rounds it names the next round's attacker (it named the last).
    said: list[str] = []
    rounds = 0
    for _ in range(40):
        battle = secret_battle(live_site, match_id)
        if battle is None:
            break
        for side, page in pages.items():
            page.wait_for_function(f"window.polisMatch.state.version === {version(pages['athens'])}")
            hands = page.evaluate("window.polisMatch.state.view.battle.hands")
            other = "sparta" if side == "athens" else "athens"
            # Its own hand, card by card as the server holds it; of the other's only how many.
            assert hands == {side: battle["hands"][side], other: len(battle["hands"][other])}
            assert page.evaluate("window.polisMatch.state.view.battle.deck") == len(battle["deck"])
        said.append(re.match(r"(Athens|Sparta) attacks", pages["athens"].locator("#battle p.muted").first.inner_text())[1])
        waiting = pages["athens"].locator("#turn").get_attribute("data-waiting")
        actor = pages[waiting]
        actor.locator("#action-body h3, #action-body button.confirm").first.wait_for(timeout=WAIT_MS)
        offered = [int(n) for n in actor.locator("#action-body .hand button.battle-card").evaluate_all(
            "nodes => nodes.map((n) => n.dataset.card)")]
        if offered:
            assert offered == battle["hands"][waiting]
            kind = "defence" if actor.locator("#action-body .duels").count() else "attack"
            attacker = waiting if kind == "attack" else ("sparta" if waiting == "athens" else "athens")
            assert set(said) == {attacker.capitalize()}, (said, kind, waiting)
            rounds += kind == "attack"
            said = []
            if kind not in shots:
                shots.add(kind)
                actor.screenshot(path=str(artifacts_dir / f"battle-{kind}-{waiting}.png"), full_page=True)
        before = version(actor)
        fight_on = actor.locator('#action-body button.choice[data-choice="fight_on"]:enabled')
        if fight_on.count():  # fought on, for combat rounds after the first
            fight_on.click()
        decide_by_clicking(actor)
        for page in pages.values():
            page.wait_for_function(f"Number(document.querySelector('#match').dataset.version) > {before}",
                                   timeout=WAIT_MS)
    assert secret_battle(live_site, match_id) is None, "the battle did not end within 40 decisions"
    assert shots == {"attack", "defence"} and rounds >= 2, rounds
    for side, page in pages.items():
        page.wait_for_function("document.querySelector('#battle').hidden")
        log = "\n".join(page.locator("#log li").all_inner_texts())
        assert "Clash in" in log and re.search(r"retreated from the battle|The battle in .+ ends", log)
        # The outcome is shown to both where they look, not only in the log: in the panel's news of
        # the side whose decision ended it, in the box of news above the map of the other.
        told = page.locator("#news").inner_text() + page.locator("#since").inner_text()
        assert re.search(r"retreated from the battle|The battle in .+ ends", told), told
    pages["sparta"].screenshot(path=str(artifacts_dir / "battle-outcome-sparta.png"), full_page=True)
    assert errors == []
    for context in contexts.values():
        context.close()


def import_match(site: DaphneProcess, export: dict[str, Any], names: dict[str, str], tmp_path: Path,
                 *options: str) -> int:
    """A match between the named players from `export`, through `manage.py importmatch`."""
    path = tmp_path / f"export-{uuid.uuid4().hex[:6]}.json"
    path.write_text(json.dumps(export))
    return int(manage(["importmatch", str(path), "--athens", names["athens"], "--sparta", names["sparta"], *options],
                      site.env).split()[0])


def open_live(page: Any, site: DaphneProcess, match_id: int) -> None:
    page.goto(f"{site.base_url}/matches/{match_id}/")
    page.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)


def seated_pages(browser, site: DaphneProcess, export: dict[str, Any], tmp_path: Path,
                 routes: dict[str, Any] | None = None, names: dict[str, str] | None = None,
                 options: tuple[str, ...] = (), locales: dict[str, str] | None = None,
                 ) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """Two new players (`names`, or made up), each in a browser context (in its `locales` language),
    seated in a match imported from `export` (with importmatch's `options`), their match pages open
    and live. `routes`: a websocket route handler per side, set before the page opens."""
    tag = uuid.uuid4().hex[:6]
    names = names or {"athens": f"cimon-{tag}", "sparta": f"brasidas-{tag}"}
    contexts = {side: browser.new_context(viewport={"width": 1400, "height": 1000},
                                          locale=(locales or {}).get(side, "en-US")) for side in names}
    pages = {side: context.new_page() for side, context in contexts.items()}
    for side, page in pages.items():
        sign_up(page, site.base_url, names[side])
    match_id = import_match(site, export, names, tmp_path, *options)
    for side, handler in (routes or {}).items():
        contexts[side].route_web_socket(re.compile(r"/ws/match/"), handler)
    for page in pages.values():
        open_live(page, site, match_id)
    return match_id, contexts, pages


@pytest.mark.parametrize("lossy_seat", ["actor", "watcher"])
def test_a_page_that_missed_a_broadcast_catches_up_without_reloading(browser, live_site: DaphneProcess,
                                                                     tmp_path: Path, lossy_seat: str) -> None:
    """Group sends are at most once: one page's next broadcast is dropped on its way (a websocket
    route between page and server). The actor's page catches up from its ack; the watcher's from its
    heartbeat (sent at once when a page comes back into view)."""
    dropped: list[str] = []

    def lossy(route: Any) -> None:
        server = route.connect_to_server()
        route.on_message(server.send)

        def down(message: str) -> None:
            if not dropped and json.loads(message).get("latest"):
                dropped.append(message)
                return
            route.send(message)
        server.on_message(down)

    setup = api.Setup.from_seed("page-queries-0")
    first = api.current_decision(api.new_game(setup)).side
    lossy_side = first if lossy_seat == "actor" else ("sparta" if first == "athens" else "athens")
    _, contexts, pages = seated_pages(browser, live_site, {"setup": setup.to_json(), "log": []}, tmp_path,
                                      routes={lossy_side: lossy})
    actor, lossy_page = pages[first], pages[lossy_side]
    other = pages["sparta" if lossy_side == "athens" else "athens"]
    if lossy_seat == "actor":
        actor.locator("#action-body button.choice").first.wait_for(timeout=WAIT_MS)
        actor.locator('#action-body button.choice[data-choice="pass"]').click()
        actor.locator("#action-body button.confirm").click()
    else:
        decide_by_clicking(actor)
        other.locator('#log li[data-seq="1"]:not(.round)').wait_for(timeout=WAIT_MS)
        until(lossy_page, lambda: dropped, "broadcast dropped on its way")
        assert version(lossy_page) == 0 and lossy_page.locator("#log li").count() == 0
        lossy_page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    lossy_page.wait_for_function("Number(document.querySelector('#match').dataset.version) === 1", timeout=WAIT_MS)
    lossy_page.locator('#log li[data-seq="1"]:not(.round)').wait_for(timeout=WAIT_MS)
    assert len(dropped) == 1
    assert lossy_page.locator('#log li[data-seq="1"]:not(.round)').inner_text() == other.locator('#log li[data-seq="1"]:not(.round)').inner_text()
    assert lossy_page.locator("#turn").get_attribute("data-waiting") == other.locator("#turn").get_attribute("data-waiting")
    for context in contexts.values():
        context.close()


def test_a_finished_match_replays_forwards_and_backwards_with_its_summary_chart(
        browser, live_site: DaphneProcess, artifacts_dir: Path, tmp_path: Path) -> None:
    """Anyone with the link, logged in or not, steps through a finished match."""
    seed = "browser-replay"
    final, log = bot_game(seed, 3)
    assert final.outcome is not None
    path = tmp_path / "export.json"
    path.write_text(json.dumps({"setup": api.Setup.from_seed(seed).to_json(), "log": log}))
    tag = uuid.uuid4().hex[:6]
    signer = browser.new_context()
    for name in (f"thucydides-{tag}", f"xenophon-{tag}"):
        sign_up(signer.new_page(), live_site.base_url, name)
    signer.close()
    out = manage(["importmatch", str(path), "--athens", f"thucydides-{tag}", "--sparta", f"xenophon-{tag}"], live_site.env)
    match_id, last = int(out.split()[0]), int(out.split()[-1])
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_site.base_url}/matches/{match_id}/replay/")
    steps = page.locator("#replay-step")
    assert steps.inner_text() == f"{last} / {last}"
    assert page.locator("#summary-chart polyline.series").count() == 4
    assert page.locator("#final-score tbody tr").count() == 2
    assert page.locator("#turn").inner_text() == page.locator("#summary .ending").inner_text() != ""

    def at(seq: int) -> None:
        steps.filter(has_text=f"{seq} / {last}").wait_for(timeout=WAIT_MS)
        page.wait_for_function(f"window.polisMatch.state.version === {seq}")
        # The step's move is marked, with the round's end or beginning it set off.
        assert page.locator("#log li.current:not(.round)").count() == (1 if seq else 0)
        assert set(page.locator("#log li.current").evaluate_all("(nodes) => nodes.map((n) => n.dataset.seq)")) \
            == ({str(seq)} if seq else set())
        if seq:
            assert page.locator("#log li.current:not(.round)").inner_text().startswith(page.locator("#replay-entry").inner_text())

    page.locator('#replay [data-step="back"]').click()
    at(last - 1)
    page.locator('#replay [data-step="first"]').click()
    at(0)
    assert page.locator("#replay-entry").inner_text() == "The setup, before the first move."
    setup_view = page.evaluate("JSON.stringify(window.polisMatch.state.view)")
    page.locator('#replay [data-step="forward"]').click()
    at(1)
    page.locator('#replay [data-step="forward"]').click()
    at(2)
    assert page.evaluate("JSON.stringify(window.polisMatch.state.view)") != setup_view
    page.locator('#replay [data-step="back"]').click()
    at(1)
    page.locator("#replay-range").fill(str(last // 2))
    at(last // 2)
    page.keyboard.press("ArrowRight")
    at(last // 2 + 1)
    page.screenshot(path=str(artifacts_dir / "replay-and-summary.png"), full_page=True)
    page.locator('#replay [data-step="last"]').click()
    at(last)
    assert errors == []
    context.close()


def set_waiting_since(site: DaphneProcess, match_id: int, when: datetime, days: int) -> None:
    """Time passes: the match's clock of `days` a move restarted at `when` (written to the site's
    own database)."""
    stamp = lambda moment: moment.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f")  # noqa: E731
    with site_database(site) as db:
        db.execute("UPDATE matches_match SET waiting_since = ?, deadline_at = ? WHERE id = ?",
                   (stamp(when), stamp(when + timedelta(days=days)), match_id))


def test_a_daily_match_notices_the_other_match_claims_on_time_and_resigns(
        browser, live_site: DaphneProcess, artifacts_dir: Path, tmp_path: Path) -> None:
    """Two players with two matches: a move in one is noticed on the other's page, with a link; the
    claim button appears on an open page the moment the deadline passes and wins the match; a
    resignation asks first, then ends the match on both pages."""
    setup = api.Setup.from_seed("page-queries-0")
    first = api.current_decision(api.new_game(setup)).side
    second = opponent(first)
    export = {"setup": setup.to_json(), "log": []}
    tag = uuid.uuid4().hex[:6]
    names = {"athens": f"alcibiades-{tag}", "sparta": f"lysander-{tag}"}
    daily, contexts, pages = seated_pages(browser, live_site, export, tmp_path, names=names,
                                          options=("--move-days", "1"))
    errors: list[str] = []
    for side, page in pages.items():
        page.on("pageerror", lambda error: errors.append(str(error)))
        assert page.locator("#clock").inner_text().startswith("You have until " if side == first
                                                              else f"{first.capitalize()} has until ")
        assert page.locator("#claim").is_hidden() and page.locator("#resign").is_visible()

    # The notice: `first` moves in the other match, which then waits for `second`, who is looking at
    # the daily match.
    casual = import_match(live_site, export, names, tmp_path)
    elsewhere = contexts[first].new_page()
    elsewhere.on("pageerror", lambda error: errors.append(str(error)))
    open_live(elsewhere, live_site, casual)
    assert elsewhere.locator("#clock").is_hidden()
    elsewhere.locator('#action-body button.choice[data-choice="pass"]').click()
    elsewhere.locator("#action-body button.confirm").click()
    elsewhere.wait_for_function(f"document.querySelector('#turn').dataset.waiting === '{second}'", timeout=WAIT_MS)
    notice = pages[second].locator("#notice a")
    notice.wait_for(timeout=WAIT_MS)
    assert notice.get_attribute("href").endswith(f"/matches/{casual}/")
    pages[second].screenshot(path=str(artifacts_dir / "notice-of-another-match.png"))
    assert pages[first].locator("#notice").is_hidden()

    # The claim: the daily clock restarted a day ago less three seconds; `second` comes back to it.
    # (Rated, as a match made in the lobby is; an imported one is not.)
    set_waiting_since(live_site, daily, datetime.now(timezone.utc) - timedelta(days=1, seconds=-3), days=1)
    with site_database(live_site) as db:
        db.execute("UPDATE matches_match SET rated = 1 WHERE id = ?", (daily,))
    claimer = pages[second]
    open_live(claimer, live_site, daily)
    assert claimer.locator("#clock").inner_text().startswith(f"{first.capitalize()} has until ")
    assert claimer.locator("#claim").is_hidden()
    claimer.locator("#claim").wait_for(state="visible", timeout=WAIT_MS)
    assert claimer.locator("#clock").inner_text().startswith(f"{first.capitalize()} ran out of time at ")
    claimer.locator("#claim button").click()
    ending = f"{second.capitalize()} wins: the other side ran out of time."
    for page in (claimer, pages[first]):
        page.locator("#turn").filter(has_text=ending).wait_for(timeout=WAIT_MS)
        page.wait_for_function("document.querySelector('#resign').hidden")
        assert page.locator("#claim").is_hidden() and page.locator("#clock").is_hidden()
    assert claimer.locator("#replay-link").is_visible()
    # What the match did to each one's rating, shown as it ended, without a reload.
    for page, sign in ((claimer, "+"), (pages[first], "−")):
        page.locator("#rating-change").wait_for(state="visible", timeout=WAIT_MS)
        said = page.locator("#rating-change").inner_text()
        assert re.fullmatch(rf"Your rating in .+: 1500 → \d+ \({re.escape(sign)}\d+\)", said), said

    # The resignation, in the other match, reached through the notice's link: cancelled, then meant.
    claimer.goto(f"{live_site.base_url}/matches/{casual}/")
    claimer.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    answers = iter([False, True])
    asked: list[str] = []
    claimer.on("dialog", lambda dialog: (asked.append(dialog.message),
                                         dialog.accept() if next(answers) else dialog.dismiss()))
    claimer.locator("#resign button").click()  # cancelled in the dialog: the form is never sent
    assert len(asked) == 1 and claimer.locator("#turn").get_attribute("data-waiting") == second
    claimer.locator("#resign button").click()
    ending = f"{first.capitalize()} wins: the other side resigned."
    for page in (claimer, elsewhere):
        page.locator("#turn").filter(has_text=ending).wait_for(timeout=WAIT_MS)
        page.wait_for_function("document.querySelector('#resign').hidden")
        # An end no move made is in the log and the box of news too, and the panel says it is over.
        assert page.locator("#log > li").last.inner_text() == ending
        assert page.locator("#since-ending").inner_text() == ending
        assert page.locator("#actions h2").inner_text() == "The match is over"
        assert page.locator("#action-body").inner_text() == ending
    assert errors == []
    for context in contexts.values():
        context.close()


def test_the_page_benchmark_weighs_the_match_page_scripts_and_styles(browser, live_site: DaphneProcess) -> None:
    """The script behind docs/bench.md's page figures runs and sees the page's own assets."""
    from benchmarks import page as pagebench

    result = pagebench.measure(live_site.base_url, loads=2, browser=browser)
    names = {url.rsplit("/", 2)[-2] + "/" + url.rsplit("/", 1)[-1] for url in result["assets"]}
    modules = {f"match/{module.stem}.js" for module in (Path(__file__).parents[2] / "static" / "js" / "match").glob("*.js")}
    assert modules | {"css/match.css", "css/site.css"} <= names and len(modules) > 10
    assert result["assets_bytes"] == sum(result["assets"].values()) > 0
    assert result["html_bytes"] > 20_000  # the map's regions and the help are in the page
    assert result["render_median_ms"] > 0


def test_a_match_is_aborted_by_clicking_until_both_sides_have_decided(browser, live_site: DaphneProcess,
                                                                     tmp_path: Path) -> None:
    """Abort shows on both seats' pages until both sides have decided once; asked first, it ends the
    match with no winner on both pages, and the match counts for nothing."""
    setup = api.Setup.from_seed("page-queries-0")
    first = api.current_decision(api.new_game(setup)).side
    second = opponent(first)
    match_id, contexts, pages = seated_pages(browser, live_site, {"setup": setup.to_json(), "log": []}, tmp_path,
                                             locales={first: "en-US", second: "es-ES"})
    pages[second].set_viewport_size({"width": 390, "height": 844})  # a phone, in Spanish
    for page in pages.values():
        assert page.locator("#abort").is_visible() and page.locator("#resign").is_visible()
    assert pages[first].locator("#abort button").inner_text() == "Abort"
    assert pages[second].locator("#abort button").inner_text() == "Anular"
    for name in ("#abort button", "#resign button"):  # both on the phone's screen, no sideways scroll
        box = pages[second].locator(name).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, name
    assert pages[second].evaluate("document.documentElement.scrollWidth") <= 390
    pages[first].locator('#action-body button.choice[data-choice="pass"]').click()
    pages[first].locator("#action-body button.confirm").click()
    for page in pages.values():
        page.wait_for_function(f"document.querySelector('#turn').dataset.waiting === '{second}'", timeout=WAIT_MS)
        assert page.locator("#abort").is_visible()  # one side has decided: still abortable
    asked: list[str] = []
    pages[second].on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    pages[second].locator("#abort button").click()
    endings = {first: "The match was aborted before both sides had begun: nobody wins, and it counts for nothing.",
               second: "La partida se anuló antes de que ambos bandos empezaran: nadie gana y no cuenta para nada."}
    for side, page in pages.items():
        page.locator("#turn").filter(has_text=endings[side]).wait_for(timeout=WAIT_MS)
        page.wait_for_function("document.querySelector('#abort').hidden && document.querySelector('#resign').hidden")
    assert asked == ["¿Anular esta partida? Nadie gana y no cuenta para nada."]
    for context in contexts.values():
        context.close()
