"""The analysis of finished matches on the site (polis_site/analysis/): queued as a match ends on the
queue's LATER list, which waits for every live decision; made one decision after another from each
deciding seat's view; shown on the replay in the page's language; asked for by a click for older
matches. The browser test: tests/e2e/test_analysis_browser.py."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone
from django_q.brokers import get_broker
from django_q.models import OrmQ
from django_q.tasks import async_task

from engine import analysis, api, playout
from polis_site.analysis import report, services
from polis_site.analysis.models import Analysis
from polis_site.matches import imports
from polis_site.matches import services as play
from polis_site.matches.models import Match
from polis_site.tasks import LATER
from tests.matches.factories import PASSWORD, UserFactory, active_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch, settings: Any) -> None:
    """The analyst's own search, smaller (medium's, with a seventh of its iterations and fewer visits of
    the answer played), and its suspects checked by the random level's games: these tests check the
    site's part; the search's and the check's own are tests/engine's. A whole search of each step
    took minutes on a busy machine, over a test's time limit."""
    small = replace(analysis.analyst(), iterations=12, proposals=3, caution=3)
    monkeypatch.setattr(analysis, "analyst", lambda: small)
    monkeypatch.setattr(analysis, "LEAST", 5)
    settings.ANALYSIS_CHECK_LEVEL = "random"


@pytest.fixture
def verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole games' verdicts decided by the step (the engine's play-outs are tests/engine's): at a
    suspect's even step, the preferred answer (a pair's first game) wins and the one played loses,
    but in one pair of four both win; at an odd step both draw alike. So some suspects are confirmed,
    each over pairs that differ, and some are not, whatever the match's id."""
    played: set[str] = set()

    def played_on(view: Any, move: Any, level: str, seed: str) -> float:
        _, _, step, _, pair = seed.split(":")
        first = seed not in played
        played.add(seed)
        if int(step) % 2:
            return 0.5
        return 1.0 if first or int(pair) % 4 == 0 else 0.0
    monkeypatch.setattr(analysis, "played_on", played_on)


def resigned_after(moves: int, seed: str = "analysis-site") -> Match:
    """A match between two people, `moves` decisions of seeded random play, then Sparta resigns."""
    match = active_match(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = match.state()
        side = state.decision.side
        play.submit_action(match.pk, match.player(side), playout.step(state, side, rng)[0])
        match.refresh_from_db()
    return play.resign(match.pk, match.sparta)


def later_tasks() -> list[OrmQ]:
    return list(OrmQ.objects.filter(key=LATER))


def analysed(match: Match) -> Analysis:
    row = services.latest(match)
    assert row is not None
    while services.judge_next(row.pk) is not None:
        pass
    row.refresh_from_db()
    return row


@override_settings(ANALYSE_FINISHED=True)
def test_a_match_that_ends_queues_its_analysis_once_on_the_later_list() -> None:
    match = resigned_after(4)
    row = Analysis.objects.get(match=match)
    assert (row.engine, row.steps, row.upto, row.done) == (analysis.version(), 4, 1, False)
    assert [task.name() for task in later_tasks()] == [f"analysis-{row.pk}"]
    assert services.request(match) == row and len(later_tasks()) == 1  # asked again: the same, queued once


@override_settings(ANALYSE_FINISHED=True)
def test_a_match_imported_finished_is_queued_too() -> None:
    """Saved only after it ends (the signal comes before its first save)."""
    _, log = playout.play("analysis-imported")
    match = imports.import_match({"setup": api.Setup.from_seed("analysis-imported").to_json(), "log": log},
                                 UserFactory(), UserFactory())
    assert match.status == Match.Status.FINISHED
    assert Analysis.objects.get(match=match).steps == match.version


@override_settings(ANALYSE_FINISHED=False)
def test_with_analysis_on_request_only_an_ending_queues_nothing() -> None:
    match = resigned_after(2)
    assert not Analysis.objects.filter(match=match).exists() and later_tasks() == []


def test_a_match_in_play_or_without_a_decision_is_not_analysed() -> None:
    in_play = active_match("analysis-in-play")
    assert services.request(in_play) is None
    untouched = active_match("analysis-untouched")
    assert services.request(play.resign(untouched.pk, untouched.athens)) is None  # finished, nothing to judge
    client = Client()
    client.login(username=in_play.athens.username, password=PASSWORD)
    assert client.get(reverse("analysis:part", args=[in_play.pk])).status_code == 404
    assert client.post(reverse("analysis:ask", args=[in_play.pk])).status_code == 404
    assert not Analysis.objects.exists()


def test_the_queue_hands_out_an_analysis_only_when_no_live_task_waits() -> None:
    broker = get_broker()
    later = async_task("math.sqrt", 4, cluster=LATER)
    live = async_task("math.sqrt", 9)
    first = broker.dequeue()
    assert first is not None and len(first) == 1
    assert OrmQ.objects.get(pk=first[0][0]).key == broker.list_key  # the live one, though queued after
    second = broker.dequeue()
    assert second is not None and OrmQ.objects.get(pk=second[0][0]).key == LATER
    assert {later, live} and broker.dequeue() is None  # both claimed: nothing more to hand out


@override_settings(ANALYSE_FINISHED=True)
def test_an_analysis_task_steps_aside_while_a_live_decision_waits(quick: None) -> None:
    match = resigned_after(3)
    row = Analysis.objects.get(match=match)
    OrmQ.objects.filter(key=LATER).delete()
    async_task("math.sqrt", 9)  # a live task on the cluster's own list
    assert services.work(row.pk) == "stepped aside"
    row.refresh_from_db()
    assert row.upto == 1 and row.judgements == []
    again = later_tasks()
    assert len(again) == 1 and again[0].lock > timezone.now()  # queued again, handed out a moment later
    assert get_broker(LATER).dequeue() is None
    OrmQ.objects.exclude(key=LATER).delete()
    # Each task judges (then checks) for a slice of time and queues the rest: on a busy machine, more tasks.
    said = [services.work(row.pk)]
    while not said[-1].startswith("done") and len(said) < 400:  # one pair a task, at worst
        assert said[-1].endswith("more queued"), said
        said.append(services.work(row.pk))
    assert said[-1].startswith("done"), said
    row.refresh_from_db()
    assert row.done and row.upto == 4


@override_settings(ANALYSE_FINISHED=True)
def test_each_decision_is_judged_from_its_seat_and_stored_once(quick: None) -> None:
    match = resigned_after(6)
    row = analysed(match)
    assert row.done and row.seconds > 0
    assert [item["seq"] for item in row.judgements] == sorted({item["seq"] for item in row.judgements})
    records = {r.seq: r for r in match.actions.all()}
    for item in row.judgements:
        record = records[item["seq"]]
        assert item["side"] == record.side and item["played"] == record.action
        assert 0 <= item["before"] <= 1 and 0 <= item["after"] <= 1 and item["loss"] >= 0
        state = match.state_after(upto=item["seq"] - 1)
        api.apply_action(state, record.side, item["best"])  # the preferred answer was legal there
        # What the seat could not see changes nothing: judged again on a re-dealt world, alike.
        world = api.from_view(api.view_for(state, record.side), random.Random(1))
        again = analysis.judge_at(world, record.side, record.action, services.seed(match, item["seq"]))
        assert again is not None and again.to_dict() == {k: v for k, v in item.items() if k != "seq"}
    assert services.judge_next(row.pk) is None  # nothing left


def test_an_analysis_lost_from_the_queue_is_queued_again_when_asked() -> None:
    with override_settings(ANALYSE_FINISHED=False):
        match = resigned_after(2)
    visitor = Client().get(reverse("matches:replay", args=[match.pk])).content.decode()
    assert "Log in to ask for the computer's analysis." in visitor and 'id="analysis-ask"' not in visitor
    client = Client()
    client.login(username=match.athens.username, password=PASSWORD)
    replay = client.get(reverse("matches:replay", args=[match.pk])).content.decode()
    assert 'id="analysis-ask"' in replay and "Analyse this match" in replay
    response = client.post(reverse("analysis:ask", args=[match.pk]))
    assert response.status_code == 302 and response["Location"].endswith(f"/matches/{match.pk}/replay/#analysis")
    row = Analysis.objects.get(match=match)
    assert len(later_tasks()) == 1
    OrmQ.objects.all().delete()  # its task lost
    Analysis.objects.filter(pk=row.pk).update(worked_at=timezone.now() - services.STALL - timedelta(seconds=1))
    part = client.get(reverse("analysis:part", args=[match.pk])).content.decode()
    assert "0 of 2 steps judged" in part and 'id="analysis-ask"' in part  # stalled: it may be asked again
    client.post(reverse("analysis:ask", args=[match.pk]))
    assert len(later_tasks()) == 1 and Analysis.objects.count() == 1


@override_settings(ANALYSE_FINISHED=True)
def test_the_replay_shows_the_chart_turning_points_and_mistakes_in_the_pages_language(quick: None, verdicts: None) -> None:
    match = resigned_after(14, seed="analysis-words")
    row = analysed(match)
    weighed = report.weighed(row)
    losses = sorted((i for i in weighed if i["confirmed"]), key=lambda i: -i["loss"])
    assert losses, "random play made no mistake whole games confirmed"
    page = Client().get(reverse("matches:replay", args=[match.pk])).content.decode()
    assert 'id="analysis-chart"' in page and page.count('class="series athens"') == 1
    marks = re.findall(r'<a href="#analysis" data-step-to="(\d+)" aria-label="Step (\d+): a mistake of (\w+), −\d+%"><circle', page)
    assert marks and {int(before) for before, _, _ in marks} <= {i["seq"] - 1 for i in losses}  # each opens the position it was made in
    assert all(int(step) == int(before) + 1 and side in ("Athens", "Sparta") for before, step, side in marks), marks
    worst = losses[0]
    side = "Athens" if worst["side"] == "athens" else "Sparta"
    mistakes = page[page.index(f'id="analysis-mistakes-{worst["side"]}"'):]
    assert f'data-step-to="{worst["seq"] - 1}">Round Alpha, {side}, action ' in mistakes
    assert f"−{round(100 * worst['loss'])}%" in mistakes and "The computer preferred: " + side in mistakes
    low, high = (round(100 * max(0.0, bound)) for bound in worst["range"])  # its own play-outs' interval beside it
    assert f"−{round(100 * worst['loss'])}%</strong> <span class=\"muted\">({low} to {high} points in whole games)</span>" in mistakes
    # Each side summed up: its decisions judged, its average loss, its losses of each grade.
    table = page[page.index('id="analysis-sides"'):page.index("</table>", page.index('id="analysis-sides"'))]
    for side in ("athens", "sparta"):
        losses_of = [i["loss"] for i in weighed if i["side"] == side]
        cells = re.findall(r"<td[^>]*>([^<]*)</td>", table[table.index(f'data-side="{side}"'):])[:5]
        grades = [sum(i["confirmed"] and report.grade(i["loss"]) == name for i in weighed if i["side"] == side)
                  for name, _ in report.GRADES]
        assert cells == [str(len(losses_of)), f"{round(100 * sum(losses_of) / len(losses_of), 1)} points",
                         *map(str, grades)], (side, cells)
    turns = page[page.index('id="analysis-turns"'):page.index("</ol>", page.index('id="analysis-turns"'))]
    assert "Athens&#x27; chance to win went from" in turns
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es").get(reverse("matches:replay", args=[match.pk])).content.decode()
    assert "El análisis del ordenador" in spanish and "Ronda Alfa" in spanish
    assert "La probabilidad de ganar de Atenas pasó del" in spanish
    # The charts' coordinates are numbers in every language (Spanish writes "114,5" for 114.5).
    for chart in ("analysis-chart", "summary-chart"):
        svg = spanish[spanish.index(f'<svg id="{chart}"'):spanish.index("</svg>", spanish.index(f'<svg id="{chart}"'))]
        numbers = re.findall(r'\s(?:cx|cy|x|y|x1|x2|y1|y2)="([^"]*)"', svg)
        assert numbers and all(re.fullmatch(r"-?\d+(\.\d+)?", n) for n in numbers), (chart, numbers)
        for points in re.findall(r'\spoints="([^"]*)"', svg):
            assert re.fullmatch(r"(-?\d+(\.\d+)?,-?\d+(\.\d+)?\s?)+", points), (chart, points)


@override_settings(ANALYSE_FINISHED=True)
def test_an_analysis_of_an_older_engine_reads_its_losses_on_today_s_scale_and_is_not_added_to(quick: None, verdicts: None) -> None:
    """An analysis made before the loss's scale stored the search's own losses, three times larger:
    the replay showed it (the newest finished) with today's grades. Losses are read from the chances,
    and a worker of today's engine adds nothing to another engine's analysis."""
    match = resigned_after(14, seed="analysis-words")
    row = analysed(match)
    shown = report.report(match, row)
    assert any(lines for lines in shown["mistakes"].values())
    older = [{**item, "loss": round(item["loss"] / analysis.LOSS_SCALE, 4)} for item in row.judgements]
    Analysis.objects.filter(pk=row.pk).update(engine="older", judgements=older)
    row.refresh_from_db()
    assert services.latest(match) == row
    again = report.report(match, row)
    assert (again["mistakes"], again["annotations"], again["sides"]) == (shown["mistakes"], shown["annotations"], shown["sides"])
    Analysis.objects.filter(pk=row.pk).update(upto=row.upto - 3)
    assert services.judge_next(row.pk) is None
    row.refresh_from_db()
    assert row.judgements == older
    # Made before suspects were checked (none stored): nothing listed, and the card says why.
    Analysis.objects.filter(pk=row.pk).update(upto=row.steps + 1, checks={}, checked=True)
    row.refresh_from_db()
    unchecked = report.report(match, row)
    assert unchecked["unchecked"] and not any(unchecked["mistakes"].values()) and unchecked["annotations"] == {}
    part = Client().get(reverse("analysis:part", args=[match.pk])).content.decode()
    assert part.count("Not checked: this analysis was made before moves were checked") == 2 and "Analyse again" in part


@override_settings(ANALYSE_FINISHED=True)
def test_only_the_suspects_whole_games_confirm_are_listed_each_with_its_own_play_outs(quick: None, verdicts: None) -> None:
    """Every step judged first, then each side's largest searched losses played out to the game's
    end, pair by pair (the page says how far); a mistake is listed, graded and marked only where its
    own play-outs proved it, its loss and interval theirs; a suspect they did not prove is not."""
    match = resigned_after(14, seed="analysis-words")
    row = services.latest(match)
    while not row.judged:
        services.judge_next(row.pk)
        row.refresh_from_db()
    suspects = [row.judgements[n]["seq"] for n in analysis.suspects(row.judgements)]
    assert suspects and row.checks == {} and not row.done
    progress = services.progress(row)
    assert (progress["checking"], progress["checked"], progress["suspects"]) == (True, 0, len(suspects))
    part = Client().get(reverse("analysis:part", args=[match.pk])).content.decode()
    assert f"playing the moves it suspects on to the game's end: 0 of {len(suspects)} checked." in part
    assert services.judge_next(row.pk) == 1  # one game: the preferred answer's, its pair under way
    row.refresh_from_db()
    assert list(row.checks) == [str(suspects[0])] and row.check_of(suspects[0]).diffs == () and row.check_of(suspects[0]).half is not None
    assert services.judge_next(row.pk) == 1  # the answer played's, on the same seed: a pair
    row.refresh_from_db()
    assert len(row.check_of(suspects[0]).diffs) == 1 and row.check_of(suspects[0]).half is None
    row = analysed(match)
    assert row.done and sorted(map(int, row.checks)) == suspects
    checks = {seq: row.check_of(seq) for seq in suspects}
    assert all(not check.wanted for check in checks.values())
    shown = report.report(match, row)
    listed = {int(line["before"]) + 1 for lines in shown["mistakes"].values() for line in lines}
    assert listed and listed <= {seq for seq, check in checks.items() if check.confirmed}
    assert {int(seq) for seq in shown["annotations"]} == {seq for seq, check in checks.items() if check.confirmed}
    for lines in shown["mistakes"].values():
        for line in lines:
            check = checks[line["before"] + 1]
            assert line["loss"] == round(100 * check.mean) and line["range"] == [round(100 * max(0.0, b)) for b in check.interval]
    # Suspects the search alone would list, whole games did not confirm: the page lists none of them.
    items = {item["seq"]: item for item in row.judgements}
    refused = [seq for seq in suspects if seq % 2 and analysis.loss(items[seq]["side"], items[seq]["before"], items[seq]["after"]) >= report.SMALL]
    assert refused and not set(refused) & listed, (refused, listed)
    assert {seq for seq, check in checks.items() if check.confirmed} == {seq for seq in suspects if seq % 2 == 0}
    assert all(len(checks[seq].diffs) == (analysis.PAIRS if seq % 2 == 0 else analysis.FIRST) for seq in suspects)
    assert all(0 < checks[seq].interval[0] < checks[seq].mean < 1 for seq in suspects if seq % 2 == 0)  # pairs that differ


def test_the_chart_gives_each_position_one_chance_and_ends_at_the_result() -> None:
    """Each point after a step is the chance of the position it left, as the next decision's own
    search judged it (`before`), never the mover's estimate beside the next side's (the chart
    zigzagged with the deciding side); a finished game ends at its result, not at a judged margin."""
    passing = {"type": "pass", "decision": 1}
    judged = [{"seq": 1, "side": "sparta", "before": 0.40, "after": 0.35, "loss": 0.0},
              {"seq": 2, "side": "athens", "before": 0.45, "after": 0.50, "loss": 0.0},
              {"seq": 4, "side": "sparta", "before": 0.70, "after": 0.75, "loss": 0.05}]
    judged = [{**item, "best": passing, "played": passing, "range": (0.0, 0.1), "confirmed": False} for item in judged]
    assert report.chances(judged, 1.0) == [0.45, 0.70, 1.0]
    assert report.chances(judged, None) == [0.45, 0.70, 0.75]  # in play: the last judgement
    drawn = report.chart(judged, report.chances(judged, 0.0), {}, 5, [judged[2]])
    points = [tuple(map(float, p.split(","))) for p in drawn["lines"][0]["points"].split()]
    chance = lambda y: round(1 - (y - report.MARGIN) / (report.HEIGHT - 2 * report.MARGIN), 2)
    assert [chance(y) for _, y in points] == [0.40, 0.45, 0.70, 0.0]
    assert chance(drawn["marks"][0]["y"]) == 1.0  # Sparta's mark on Sparta's line, at the result
    turns = report._turning_points(judged, report.chances(judged, 0.0), {i["seq"]: report.Moment("Alpha", 1) for i in judged})
    assert turns[-1]["seq"] == 4 and "from 70% to 0%" in turns[-1]["moved"]


def test_a_loss_takes_the_highest_grade_it_reaches_and_none_within_the_noise() -> None:
    least = dict(report.GRADES)
    assert report.grade(least["inaccuracy"] - 0.001) is None and report.grade(0.0) is None
    assert [report.grade(least[name]) for name in ("inaccuracy", "mistake", "blunder")] == ["inaccuracy", "mistake", "blunder"]
    assert report.grade(least["blunder"] - 0.001) == "mistake" and report.grade(1.0) == "blunder"
    assert report.SMALL == least["inaccuracy"]  # a loss listed as a mistake is at least an inaccuracy


def test_a_match_played_on_from_another_s_step_is_analysed_only_from_there(quick: None) -> None:
    """Issue 63: a play-on match was analysed again from step 1, its source's steps judged twice.
    It knows its source and the steps it took (`played_on_from`, `steps_taken`), and its analysis
    judges only the steps played after them, its progress counting those alone."""
    source = resigned_after(10, seed="analysis-played-on")
    taken = 6
    side = source.state_after(upto=taken).decision.side
    player = UserFactory()
    match = imports.play_on(source, player, taken, side, "easy")
    assert (match.played_on_from, match.steps_taken) == (source, taken)
    rng = random.Random(3)
    for _ in range(3):
        state = match.state()
        if state.decision is None or state.decision.side != side:
            break
        play.submit_action(match.pk, player, playout.step(state, side, rng)[0])
        match.refresh_from_db()
    match = play.resign(match.pk, player)
    assert match.version > taken
    row = services.request(match)
    assert row is not None and row.upto == taken + 1
    assert services.progress(row) == {"done": False, "judged": 0, "steps": match.version - taken, "checking": False,
                                      "suspects": 0, "checked": 0}
    row = analysed(match)
    assert row.judgements and min(item["seq"] for item in row.judgements) > taken
    assert services.progress(row)["judged"] == match.version - taken
    client = Client()
    client.login(username=player.username, password=PASSWORD)
    page = client.get(reverse("matches:replay", args=[match.pk])).content.decode()
    assert "played on from another's step 6" in page and reverse("matches:replay", args=[source.pk]) in page
