"""Whom you play, by clicking (issue 39): a player who lost a turn-based match on time reads their
reliability on their profile in Spanish; a host asks 90% of their challenge's opponent in the
lobby's form, and that player does not see it, while a newcomer does, with what it asks and the
host's figure; the host's list of matches says how the lost match ended."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from engine import api
from tests.e2e.test_match_browser import import_match, sign_up, site_database
from tests.support.services import DaphneProcess, manage

pytestmark = pytest.mark.browser


def test_reliability_on_the_profile_and_a_challenge_that_asks_for_it_in_either_language(
        browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    tag = uuid.uuid4().hex[:6]
    names = {"host": f"themistocles-{tag}", "late": f"pausanias-{tag}", "new": f"aristides-{tag}"}
    contexts = {"host": browser.new_context(locale="en-US"), "late": browser.new_context(locale="es-ES"),
                "new": browser.new_context(locale="es-ES")}
    pages = {who: context.new_page() for who, context in contexts.items()}
    for who, page in pages.items():
        sign_up(page, live_site.base_url, names[who])
    # A daily match the late player lets run out: they sit on the side to move.
    setup = api.Setup.from_seed("page-queries-0")
    first = api.current_decision(api.new_game(setup)).side
    seats = {first: names["late"], "sparta" if first == "athens" else "athens": names["host"]}
    lost = import_match(live_site, {"setup": setup.to_json(), "log": []}, seats, tmp_path, "--move-days", "1")
    past = (datetime.now(timezone.utc) - timedelta(minutes=1)).strftime("%Y-%m-%d %H:%M:%S.%f")
    with site_database(live_site) as db:
        db.execute("UPDATE matches_match SET deadline_at = ? WHERE id = ?", (past, lost))
    manage(["shell", "-c", "from polis_site.clocks import deadlines; assert deadlines.sweep() >= 1"], live_site.env)

    late = pages["late"]
    late.locator("#nav-profile").click()
    assert late.locator("#reliability").inner_text() == (
        "Fiabilidad: 0% (0 de 1 partidas por turnos jugadas hasta el final, no perdidas por tiempo).")

    host = pages["host"]
    host.locator('nav a[href="/matches/mine/"]').click()
    assert "Won on time" in " ".join(host.locator("#my-matches td").all_inner_texts()).replace("\n", " ")
    host.goto(f"{live_site.base_url}/matches/")
    host.select_option("#control", "days:1")
    host.select_option("#reliability_min", "90")
    host.locator("#create-match button[type=submit]").click()
    host.wait_for_url("**/matches/*/")
    challenge = int(host.url.rstrip("/").split("/")[-1])

    late.goto(f"{live_site.base_url}/matches/")
    assert late.locator(f'#open-challenges li[data-match="{challenge}"]').count() == 0
    newcomer = pages["new"]
    newcomer.goto(f"{live_site.base_url}/matches/")
    row = newcomer.locator(f'#open-challenges li[data-match="{challenge}"]')
    assert "pide 90% de fiabilidad" in row.inner_text() and "fiabilidad 100%" in row.inner_text()
    row.locator("button").click()
    newcomer.wait_for_url(f"**/matches/{challenge}/")
    for context in contexts.values():
        context.close()
