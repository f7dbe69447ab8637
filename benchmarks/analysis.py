"""The analysis of finished matches (polis_site/analysis/, engine/analysis.py), measured two ways.

`python -m benchmarks.analysis queue [--games N] [--seconds S]`: on one worker (`manage.py
computer`, one thinking process) and a fresh SQLite file,
1. a whole 2020 game (easy against easy) analysed with nothing else to do: its time on the worker;
2. a match against the hard computer whose human side answers at once, for S seconds alone, then S
   seconds while N finished games wait for their analysis: the computer's answers' wait (from the
   move that made a decision due to its answer; COMPUTER_PAUSE 0) in both windows, and the steps
   the analyses judged meanwhile.

`python -m benchmarks.analysis symmetry --games N --seed S [--iterations I]`: the chance of each
position a move hands over (seeded random games of each edition), judged by the mover's search and
by the next side's; the mean gap in the mover's favour with its 95% interval, play-outs prudent for
both sides (the analysis) and for the searching side only (hard's play).

`python -m benchmarks.analysis calibration --games N --seed S [--every K]`: N fresh games of each
ruleset, between the levels in turn (PAIRINGS); every K-th decision's chance as the analysis's search has it
(`analysis.searched_chance`) beside the game's result, written to docs/calibration/S.jsonl.
`python -m benchmarks.analysis calibration --fit F --held-out H`: each ruleset's temperature
fitted on F's positions (maximum likelihood), and on H's, games never fitted on, the Brier score
raw and calibrated and a reliability table.

`python -m benchmarks.analysis noise --games N --seed S [--repeats R] [--every K]`: every K-th
decision of N fresh 2020 games (the levels in turn) judged R times with different seeds; the spread
of each judgement's loss and chance (the pooled standard deviation), and the largest loss a
judgement's own noise reaches (its 95th percentile over decisions whose losses differ only by
noise): the floor below which a loss is not said to be a mistake.

`python -m benchmarks.analysis mistakes --games N --seed S [--every K] [--playouts P] [--level L]`:
known mistakes. Every K-th decision of N fresh games (medium against medium), answered by the
game's own move or, one in two, the random level's; the analysis's judgement of it, and P paired
play-outs by level L of the answer played and the analysis's preferred one from the position as its
player saw it, to the game's end: the loss the play-outs find, written to docs/mistakes/S.jsonl.
`... mistakes --report F [F ...]`: per grade the losses judged and found, the hit rate on answers
the play-outs prove worse and the false alarms among listed mistakes, with 95% intervals; for
decisions gathered with the analysis's check beside them, the same of the listing as it stands
(`checked_report`).
`... mistakes --fit F --held-out H`: the loss found per point of the loss searched
(`analysis.LOSS_SCALE`) fitted on F's decisions, and the report on H's with it and without it.

`python -m benchmarks.analysis sanity --games N --seed S`: N seeded games of hard against random
(sides swapped every game), each analysed; how often each game's largest losses fell on the
random side, with its 95% interval. The seed must be fresh (engine/arena.py STUDIED).
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import random
import shutil
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine import analysis, api, arena, editions, ladder, players, playout, search, strength
from engine.data.sides import SIDES

#: The largest losses of a game counted by `sanity`.
LARGEST = 3


def game(seed: str, levels: dict[str, str]) -> list[dict[str, Any]]:
    """A whole 2020 game between the levels (by side): its log."""
    _, log = players.play(seed, {side: players.player(level).decide for side, level in levels.items()})
    return log


def handovers(edition: str, seed: str, games: int, every: int = 1) -> list[tuple[api.GameState, str, dict[str, Any], api.GameState]]:
    """Positions where a turn's action hands the decision to the other side with no chance between:
    (the position before, its side, the action played, the position after it). From seeded random
    games (all, or one in `every`)."""
    found = []
    for number in range(games):
        name = f"{seed}-{edition}-{number}"
        _, log = playout.play(name, edition=edition)
        state = api.new_game(api.Setup.from_seed(name, edition=edition))
        pairs = []
        for entry in log:
            after, _ = api.apply_entry(state, entry)
            if "side" in entry and _hands_over(state, after):
                pairs.append((state, entry["side"], entry["action"], after))
            state = after
        found += pairs[::every]
    return found


def _hands_over(before: api.GameState, after: api.GameState) -> bool:
    was, now = before.decision, after.decision
    return (was is not None and now is not None and was.kind == now.kind == "action" and now.side is not None
            and was.side != now.side and after.round == before.round and api.chance_request(after) is None)


def symmetry(games: int, seed: str, iterations: int) -> None:
    """One position, one number: the chance of the position a move hands over, judged by the mover's
    search (the move's `after`) and by the search of the side that decides next there (`chance`);
    their difference, in the mover's favour, with its 95% interval, with play-outs prudent for both
    sides (the analysis) and for the searching side only (hard's play)."""
    arena.check_fresh(seed)
    for edition in sorted(editions.EDITIONS):
        pairs = handovers(edition, seed, games)
        for both in (True, False):
            tree = replace(analysis.analyst(), iterations=iterations, both_prudent=both)
            gaps = []
            for n, (before, side, played, after) in enumerate(pairs):
                judged = analysis.judge_at(before, side, played, f"{seed}:{n}", tree)
                if judged is None:
                    continue
                then = analysis.chance(api.view_for(after, after.decision.side), f"{seed}:{n}:next", tree)
                gap = judged.after - then
                gaps.append(gap if side == "athens" else -gap)
            if len(gaps) < 2:
                print(f"symmetry {edition}: {len(gaps)} position judged; play more --games", flush=True)
                continue
            mean = statistics.mean(gaps)
            half = 1.96 * statistics.stdev(gaps) / len(gaps) ** 0.5
            print(f"symmetry {edition}, {'both sides prudent' if both else 'searching side prudent'}, "
                  f"{iterations} look-aheads, seed {seed}: the mover's judgement exceeds the next side's by "
                  f"{100 * mean:+.1f} points [{100 * (mean - half):+.1f}, {100 * (mean + half):+.1f}] over "
                  f"{len(gaps)} positions", flush=True)


#: Where the calibration's positions are kept, a file a seed.
CALIBRATION_DATA = Path(__file__).resolve().parent.parent / "docs" / "calibration"
#: The levels of the calibration's games (Athens, Sparta), in turn: games as the site sees them,
#: even and uneven, won by either side.
PAIRINGS = (("medium", "medium"), ("hard", "medium"), ("medium", "hard"), ("easy", "medium"), ("medium", "easy"),
            ("hard", "hard"))
#: The calibrated chances a reliability table bins its positions by (upper bounds).
BINS = (0.1, 0.3, 0.5, 0.7, 0.9, 1.0)


def calibration_data(games: int, seed: str, every: int) -> None:
    """Positions of fresh games with their results, for fitting and checking the calibration."""
    arena.check_fresh(seed)
    CALIBRATION_DATA.mkdir(exist_ok=True)
    with (CALIBRATION_DATA / f"{seed}.jsonl").open("a") as out:
        for number in range(games):
            levels = dict(zip(SIDES, PAIRINGS[number % len(PAIRINGS)]))
            for edition in sorted(editions.EDITIONS):
                name = f"{seed}-{edition}-{number}"
                final, log = players.play(name, {side: players.player(level).decide for side, level in levels.items()},
                                          edition=edition)
                winner = (final.outcome or {}).get("winner")
                result = 1.0 if winner == "athens" else 0.0 if winner == "sparta" else 0.5
                state = api.new_game(api.Setup.from_seed(name, edition=edition))
                decided = 0
                for entry in log:
                    if "side" in entry:
                        if decided % every == 0:
                            raw = analysis.searched_chance(api.view_for(state, entry["side"]), f"{name}:{decided}")
                            out.write(json.dumps({"edition": edition, "game": name, "levels": levels, "decision": decided,
                                                  "round": state.round, "raw": round(raw, 4), "result": result}) + "\n")
                        decided += 1
                    state, _ = api.apply_entry(state, entry)
                out.flush()
                print(f"  {name} ({levels['athens']} against {levels['sparta']}): {decided} decisions, "
                      f"{winner or 'shared'}", flush=True)


def _log_likelihood(rows: list[dict[str, Any]], temperature: float) -> float:
    total = 0.0
    for row in rows:
        p = analysis.scaled(row["raw"], temperature)
        total += row["result"] * math.log(p) + (1 - row["result"]) * math.log(1 - p)
    return total


def fit_temperature(rows: list[dict[str, Any]]) -> float:
    """The temperature of greatest likelihood (golden-section search: the likelihood is concave in it)."""
    low, high = 0.01, 5.0
    ratio = (5 ** 0.5 - 1) / 2
    for _ in range(60):
        a, b = high - ratio * (high - low), low + ratio * (high - low)
        if _log_likelihood(rows, a) < _log_likelihood(rows, b):
            low = a
        else:
            high = b
    return round((low + high) / 2, 3)


def read_positions(path: str | Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]


def calibration_report(fit: str, held_out: str) -> None:
    """Each ruleset's temperature from `fit`'s positions; on `held_out`'s, Brier raw and calibrated
    and the reliability of the calibrated chance, as docs/computer.md shows them."""
    fitted, checked = read_positions(fit), read_positions(held_out)
    assert not {r["game"] for r in fitted} & {r["game"] for r in checked}, "a held-out game was fitted on"
    for edition in sorted(editions.EDITIONS):
        rows = [r for r in fitted if r["edition"] == edition]
        test = [r for r in checked if r["edition"] == edition]
        if not rows or not test:
            continue
        temperature = fit_temperature(rows)
        shown = [analysis.scaled(r["raw"], temperature) for r in test]
        brier_raw = statistics.mean((r["raw"] - r["result"]) ** 2 for r in test)
        brier = statistics.mean((p - r["result"]) ** 2 for p, r in zip(shown, test))
        print(f"{edition}: temperature {temperature} fitted on {len(rows)} positions of "
              f"{len({r['game'] for r in rows})} games; held out {len(test)} positions of "
              f"{len({r['game'] for r in test})} games: Brier {brier_raw:.3f} raw, {brier:.3f} calibrated "
              f"(always 50%: {statistics.mean((0.5 - r['result']) ** 2 for r in test):.3f})")
        print("| chance shown | positions | mean shown | Athens won |")
        print("|---|---|---|---|")
        low = 0.0
        for high in BINS:
            inside = [(p, r["result"]) for p, r in zip(shown, test) if low <= p < high or (high == 1.0 and p == 1.0)]
            if inside:
                print(f"| {100 * low:.0f}–{100 * high:.0f}% | {len(inside)} | {100 * statistics.mean(p for p, _ in inside):.0f}% "
                      f"| {100 * statistics.mean(y for _, y in inside):.0f}% |")
            low = high


def noise(games: int, seed: str, repeats: int, every: int) -> None:
    """How much a judgement moves from one seed to another, the same decision judged again."""
    arena.check_fresh(seed)
    spreads: dict[str, list[float]] = {"loss": [], "before": []}
    zero_played: list[float] = []  # losses judged where the answer played was the search's own choice on another seed
    for number in range(games):
        levels = dict(zip(SIDES, PAIRINGS[number % len(PAIRINGS)]))
        name = f"{seed}-{number}"
        log = game(name, levels)
        for index, (step, state, entry) in enumerate(analysis.decisions(api.Setup.from_seed(name), log)):
            if index % every:
                continue
            judged = [analysis.judge_at(state, entry["side"], entry["action"], f"{name}:{step}:{r}") for r in range(repeats)]
            if judged[0] is None:
                continue
            spreads["loss"].append(statistics.stdev(j.searched_loss for j in judged))
            spreads["before"].append(statistics.stdev(j.before for j in judged))
            if any(search.action_key(j.best) == search.action_key(j.played) for j in judged):
                zero_played += [j.searched_loss for j in judged]
        print(f"  game {number + 1}/{games}: {len(spreads['loss'])} decisions judged {repeats} times so far", flush=True)
    pooled = {key: statistics.mean(v * v for v in values) ** 0.5 for key, values in spreads.items()}
    floor = sorted(zero_played)[int(0.95 * (len(zero_played) - 1))] if zero_played else float("nan")
    shown = f" ({100 * analysis.LOSS_SCALE * pooled['loss']:.1f} and {100 * analysis.LOSS_SCALE * floor:.1f} shown)"
    print(f"noise, seed {seed}, {len(spreads['loss'])} decisions x {repeats} seeds: a loss's standard deviation "
          f"{100 * pooled['loss']:.1f} points as searched, a chance's {100 * pooled['before']:.1f}; of {len(zero_played)} "
          f"judgements of answers the search itself chose on some seed, 95% lost at most {100 * floor:.1f} points as "
          f"searched{shown}")


#: Where the known mistakes' positions are kept, a file a seed.
MISTAKES_DATA = Path(__file__).resolve().parent.parent / "docs" / "mistakes"


def mistakes_data(games: int, seed: str, every: int, playouts: int, level: str, first: int = 0) -> None:
    """Known mistakes: every K-th decision of N fresh 2020 games (medium against medium, from game
    number `first`: two processes gather apart), answered by the game's own move or, one in two, by
    the random level's (a deliberate, often bad one); the analysis's judgement of it; where its
    searched loss makes it a suspect (`analysis.SUSPECT`), the analysis's check of it by whole games
    (`analysis.Check`); and the truth it is held against: `playouts` paired play-outs of the answer
    played and the preferred one by `level` (`analysis.played_out`), on seeds of their own, for
    every deliberate answer and every suspect; a line each in docs/mistakes/S.jsonl. A decision
    already in the file is not judged again: a gathering stopped part way goes on where it stopped."""
    arena.check_fresh(seed)
    MISTAKES_DATA.mkdir(exist_ok=True)
    path = MISTAKES_DATA / f"{seed}.jsonl"
    done = {(row["game"], row["step"]) for row in read_positions(path)} if path.exists() else set()
    with path.open("a") as out:
        for number in range(first, first + games):
            name = f"{seed}-{number}"
            log = game(name, {side: "medium" for side in SIDES})
            for index, (step, state, entry) in enumerate(analysis.decisions(api.Setup.from_seed(name), log)):
                if index % every or (name, step) in done:
                    continue
                side = entry["side"]
                view = api.view_for(state, side)
                deliberate = bool(index // every % 2)
                played = players.think("random", view, f"{name}:{step}:random") if deliberate else entry["action"]
                judged = analysis.judge(view, played, f"{name}:{step}")
                if judged is None:
                    continue
                same = search.action_key(judged.best) == search.action_key(played)
                check = analysis.Check()
                if not same and judged.searched_loss >= analysis.SUSPECT:
                    while check.wanted:
                        check = check.then(view, judged.best, played, f"{name}:{step}")
                # The preferred answer's result less the played one's: the loss the play-outs find.
                diffs = [] if same or not (deliberate or check.diffs) else [
                    analysis.played_out(view, (judged.best, played), level, f"{name}:{step}:{k}") for k in range(playouts)]
                out.write(json.dumps({"game": name, "step": step, "round": state.round, "side": side,
                                      "kind": state.decision.kind, "deliberate": deliberate, "loss": round(judged.searched_loss, 4),
                                      "same": same, "check": check.diffs, "confirmed": check.confirmed, "level": level,
                                      "diffs": diffs, "machine": ladder.machine(),
                                      "date": datetime.date.today().isoformat()}) + "\n")
                out.flush()
                found = f"found {100 * statistics.mean(diffs):+.0f}" if diffs else "no play-outs"
                checked = f"checked {100 * check.mean:+.0f} ({len(check.diffs)} pairs{', confirmed' if check.confirmed else ''})" if check.diffs else "not a suspect"
                print(f"  {name} step {step} ({'random' if deliberate else 'medium'}): searched {100 * judged.searched_loss:.0f}, "
                      f"{checked}, {found}", flush=True)


def mistakes_check(path: str, levels: dict[str, int], part: int = 0, parts: int = 1) -> None:
    """Other judgements of the known mistakes of `path`: each decision with play-outs rebuilt (its
    game, the answer played, the analysis's preferred one, which must be judged again alike) and
    played out again, `levels[L]` paired play-outs by each level L; a line each in
    docs/mistakes/S-check.jsonl, beside the truth they are held against. `part` of `parts`: the
    games processes share."""
    rows = [row for row in read_positions(path) if len(row["diffs"]) >= 2]
    games = sorted({row["game"] for row in rows})[part::parts]
    out_path = Path(path).with_name(Path(path).stem + "-check.jsonl")
    done = {(row["game"], row["step"]) for row in read_positions(out_path)} if out_path.exists() else set()
    with out_path.open("a") as out:
        for name in games:
            wanted = {row["step"]: row for row in rows if row["game"] == name and (name, row["step"]) not in done}
            if not wanted:
                continue
            log = game(name, {side: "medium" for side in SIDES})
            for step, state, entry in analysis.decisions(api.Setup.from_seed(name), log):
                if step not in wanted:
                    continue
                row = wanted[step]
                view = api.view_for(state, entry["side"])
                played = players.think("random", view, f"{name}:{step}:random") if row["deliberate"] else entry["action"]
                judged = analysis.judge(view, played, f"{name}:{step}")
                assert judged is not None
                checks = {level: [analysis.played_out(view, (judged.best, played), level, f"{name}:{step}:check:{k}")
                                  for k in range(count)] for level, count in levels.items()}
                out.write(json.dumps({"game": name, "step": step, "loss": round(judged.searched_loss, 4),
                                      "reproduced": round(judged.searched_loss, 4) == row["loss"], "checks": checks,
                                      "machine": ladder.machine(), "date": datetime.date.today().isoformat()}) + "\n")
                out.flush()
                print(f"  {name} step {step}: searched {100 * judged.searched_loss:.0f} (was {100 * row['loss']:.0f}), "
                      f"found {100 * statistics.mean(row['diffs']):+.0f}; "
                      + ", ".join(f"{level} {100 * statistics.mean(d):+.0f}" for level, d in checks.items()), flush=True)


def true_loss(row: dict[str, Any]) -> tuple[float, float, float]:
    """The loss a position's play-outs found, with its 95% interval (0 where the answer played was
    the analysis's own)."""
    diffs = row["diffs"]
    if len(diffs) < 2:
        return 0.0, 0.0, 0.0
    mean = statistics.mean(diffs)
    half = strength.Z95 * statistics.stdev(diffs) / len(diffs) ** 0.5
    return mean, mean - half, mean + half


#: Resamples of whole games for LOSS_SCALE's interval (`fit_loss_scale`).
RESAMPLES = 2000


def fit_loss_scale(rows: list[dict[str, Any]]) -> tuple[float, float, float]:
    """The loss the play-outs find per point of the loss searched, least squares through 0 (an
    answer the search finds no worse is no worse in whole games), with its 95% interval from
    resampling whole games (a game's decisions are not independent, and the scatter grows with the
    loss: the textbook interval was a third too narrow)."""
    pairs: dict[str, list[tuple[float, float]]] = {}
    for row in rows:
        if len(row["diffs"]) >= 2:
            pairs.setdefault(row["game"], []).append((row["loss"], true_loss(row)[0]))

    def slope(games: list[str]) -> float:
        points = [point for game in games for point in pairs[game]]
        return sum(x * y for x, y in points) / max(sum(x * x for x, _ in points), 1e-12)
    games = sorted(pairs)
    rng = random.Random("loss-scale")
    resampled = sorted(slope(rng.choices(games, k=len(games))) for _ in range(RESAMPLES))
    low, high = resampled[int(0.025 * RESAMPLES)], resampled[int(0.975 * RESAMPLES) - 1]
    return round(slope(games), 3), round(low, 3), round(high, 3)


def mistakes_report(paths: list[str], scale: float = analysis.LOSS_SCALE) -> None:
    """The analysis against its play-outs: per grade, the losses judged (the search's, times
    `scale`) and found; how many of the answers the play-outs prove worse by a mistake's size it
    listed (hits), and how many it listed as mistakes the play-outs contradict (false alarms), each
    with its 95% interval."""
    rows = [row for path in paths for row in read_positions(path)]
    print(f"{len(rows)} decisions of {len({r['game'] for r in rows})} games; play-outs by "
          f"{', '.join(sorted({r['level'] for r in rows}))}, {max(len(r['diffs']) for r in rows)} a decision; "
          f"judged: the search's loss times {scale}")
    print("| judged loss | decisions | deliberate | mean judged | mean found [95%] |")
    print("|---|---|---|---|---|")
    bounds = [("listed as nothing", 0.0)] + list(analysis.GRADES) + [("", math.inf)]
    for (name, low), (_, high) in zip(bounds, bounds[1:]):
        inside = [r for r in rows if low <= scale * r["loss"] < high]
        if len(inside) < 2:
            continue
        found = [true_loss(r)[0] for r in inside]
        half = strength.Z95 * statistics.stdev(found) / len(found) ** 0.5
        print(f"| {name} ({100 * low:.0f}{'+' if high == math.inf else f'–{100 * high:.0f}'}) | {len(inside)} "
              f"| {sum(r['deliberate'] for r in inside)} | {100 * scale * statistics.mean(r['loss'] for r in inside):.1f} "
              f"| {100 * statistics.mean(found):.1f} [{100 * (statistics.mean(found) - half):.1f}, "
              f"{100 * (statistics.mean(found) + half):.1f}] |")
    for what, (count, total) in (("hits: answers the play-outs prove worse by a mistake's size or more, listed", hits(rows, scale)),
                                 ("false alarms: listed, the play-outs' interval wholly below an inaccuracy", false_alarms(rows, scale))):
        low, high = strength.wilson(count, total)
        print(f"{what}: {count} of {total} ({100 * count / max(total, 1):.0f}% [{100 * low:.0f}–{100 * high:.0f}])")


def checked_report(paths: list[str]) -> None:
    """The listing as it stands, against the truth gathered beside it (rows with a "check": the
    analysis's check of each suspect, and play-outs on seeds of their own): the false alarms among the
    mistakes listed (their truth's interval wholly below an inaccuracy), the deliberate answers the
    truth proves worse by a mistake's size and how many were listed, and the listed losses' sizes
    shown and found, each with its 95% interval."""
    rows = [row for path in paths for row in read_positions(path) if "check" in row]
    checked = [row for row in rows if row["check"]]
    listed = [row for row in checked if analysis.Check(tuple(row["check"])).confirmed]
    print(f"{len(rows)} decisions of {len({r['game'] for r in rows})} games; {len(checked)} suspects checked "
          f"({statistics.mean(len(r['check']) for r in checked) if checked else 0:.1f} pairs each); {len(listed)} listed")
    mistake = dict(analysis.GRADES)["mistake"]
    deliberate = [r for r in rows if r["deliberate"] and len(r["diffs"]) >= 2]
    real = [r for r in deliberate if (found := true_loss(r))[1] > 0 and found[0] >= mistake]
    for what, count, total in (
            ("false alarms: listed, the truth's interval wholly below an inaccuracy",
             sum(true_loss(r)[2] < analysis.SMALL for r in listed if len(r["diffs"]) >= 2), len(listed)),
            ("deliberate answers the truth proves worse by a mistake's size or more, listed",
             sum(r in listed for r in real), len(real))):
        low, high = strength.wilson(count, total)
        print(f"{what}: {count} of {total} ({100 * count / max(total, 1):.0f}% [{100 * low:.0f}–{100 * high:.0f}])")
    if len(listed) >= 2:
        shown = [analysis.Check(tuple(r["check"])).mean for r in listed]
        found = [true_loss(r)[0] for r in listed]
        half = strength.Z95 * statistics.stdev(found) / len(found) ** 0.5
        print(f"listed: {100 * statistics.mean(shown):.1f} points shown, {100 * statistics.mean(found):.1f} found "
              f"[{100 * (statistics.mean(found) - half):.1f}, {100 * (statistics.mean(found) + half):.1f}]")


def hits(rows: list[dict[str, Any]], scale: float) -> tuple[int, int]:
    """Of the answers the play-outs prove worse (their interval above 0) by a mistake's size or more
    on average, how many the analysis lists (an inaccuracy or worse)."""
    mistake = dict(analysis.GRADES)["mistake"]
    real = [r for r in rows if (found := true_loss(r))[1] > 0 and found[0] >= mistake]
    return sum(scale * r["loss"] >= analysis.SMALL for r in real), len(real)


def false_alarms(rows: list[dict[str, Any]], scale: float) -> tuple[int, int]:
    """Of the answers the analysis lists (an inaccuracy or worse), how many the play-outs contradict:
    their interval wholly below an inaccuracy's loss."""
    listed = [r for r in rows if scale * r["loss"] >= analysis.SMALL]
    return sum(true_loss(r)[2] < analysis.SMALL for r in listed), len(listed)


def loss_scale_report(fit: str, held_out: str) -> None:
    """LOSS_SCALE fitted on `fit`'s decisions, and `held_out`'s, games never fitted on, reported
    with it and with the search's own loss (scale 1)."""
    fitted, checked = read_positions(fit), read_positions(held_out)
    assert not {r["game"] for r in fitted} & {r["game"] for r in checked}, "a held-out game was fitted on"
    scale, low, high = fit_loss_scale(fitted)
    print(f"scale {scale} [{low}, {high}] fitted on {len(fitted)} decisions of {len({r['game'] for r in fitted})} games")
    again, again_low, again_high = fit_loss_scale(checked)
    print(f"the same fit on the held-out decisions: {again} [{again_low}, {again_high}]")
    for shown in (scale, 1.0):
        print(f"\nheld out, {held_out}:")
        mistakes_report([held_out], shown)


def sanity(games: int, seed: str) -> None:
    arena.check_fresh(seed)
    on_random = counted = 0
    losses: dict[str, list[float]] = {"hard": [], "random": []}
    for number in range(games):
        seats = dict(zip(SIDES, ("hard", "random") if number % 2 == 0 else ("random", "hard")))
        name = f"{seed}-{number}"
        log = game(name, seats)
        judged = [j for _, j in analysis.judge_game(api.Setup.from_seed(name), log, name)]
        for judgement in judged:
            losses[seats[judgement.side]].append(judgement.loss)
        largest = sorted(judged, key=lambda j: -j.loss)[:LARGEST]
        on_random += sum(seats[j.side] == "random" for j in largest)
        counted += len(largest)
        print(f"  game {number + 1}/{games}: {len(judged)} decisions judged; largest losses "
              + ", ".join(f"{seats[j.side]} {100 * j.loss:.0f}%" for j in largest), flush=True)
    low, high = strength.wilson(on_random, counted)
    print(f"analysis sanity, seed {seed}: of each game's {LARGEST} largest losses, {on_random} of {counted} "
          f"({100 * on_random / counted:.1f}% [{100 * low:.1f}–{100 * high:.1f}]) fell on random's side; mean loss "
          f"a decision: random {100 * statistics.mean(losses['random']):.1f}%, hard {100 * statistics.mean(losses['hard']):.1f}%")


def queue(games: int, seconds: float) -> None:
    from benchmarks import computer

    run_dir = Path(tempfile.mkdtemp(prefix="polis-analysis-bench-"))
    env = computer.configure(None, None, run_dir)
    from django.contrib.auth import get_user_model

    from polis_site.analysis.models import Analysis
    from polis_site.matches import imports

    users = [get_user_model().objects.create_user(f"bench-{side}") for side in SIDES]

    def finished(number: int) -> Any:
        """An easy-against-easy game imported as a finished match: its analysis queued at once."""
        name = f"bench-analysis-{number}"
        return imports.import_match({"setup": api.Setup.from_seed(name).to_json(),
                                     "log": game(name, {side: "easy" for side in SIDES})}, *users)

    workers = computer.start_workers(1, env, run_dir)
    try:
        alone = finished(0)
        started = time.monotonic()
        while not (row := Analysis.objects.get(match=alone)).done:
            time.sleep(0.5)
        print(f"a whole game alone: {alone.version} steps, {len(row.judgements)} judged, "
              f"{time.monotonic() - started:.0f} s on the worker ({row.seconds:.0f} s thinking)", flush=True)
        windows = {}
        for name, waiting in (("alone", 0), ("with analyses", games)):
            queued = [finished(number) for number in range(1, 1 + waiting)]
            before = sum(r.upto for r in Analysis.objects.filter(match__in=queued))
            began = time.time()
            computer.play_humans(1, "hard", time.monotonic() + seconds, random.Random(1))
            windows[name] = computer.measure(began, time.time())
            judged = sum(r.upto for r in Analysis.objects.filter(match__in=queued)) - before
            figures = windows[name]
            print(f"the hard computer's answers {name}: {figures['decisions']} decisions, wait p50 {figures['p50']:.0f} ms "
                  f"p95 {figures['p95']:.0f} ms; analysis steps judged meanwhile {judged}", flush=True)
    finally:
        computer.stop(workers)
        shutil.rmtree(run_dir, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("calibration", "mistakes", "noise", "queue", "sanity", "symmetry"))
    parser.add_argument("--repeats", type=int, default=4, help="noise: seeds each decision is judged with")
    parser.add_argument("--every", type=int, default=15, help="calibration: one decision in K judged")
    parser.add_argument("--fit", help="calibration, mistakes: the positions to fit on (a docs/calibration or docs/mistakes file)")
    parser.add_argument("--held-out", help="calibration, mistakes: the positions of games never fitted on")
    parser.add_argument("--playouts", type=int, default=32, help="mistakes: paired play-outs a decision")
    parser.add_argument("--level", default="medium", help="mistakes: the level that plays the play-outs")
    parser.add_argument("--check", help="mistakes: a docs/mistakes file whose decisions other judgements play out again")
    parser.add_argument("--part", default="0/1", help="mistakes --check: this process's share of the games, K/N")
    parser.add_argument("--report", nargs="+", help="mistakes: the docs/mistakes files to report on")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--first", type=int, default=0, help="mistakes: the number of the first game")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", help="sanity, symmetry: a fresh seed")
    parser.add_argument("--iterations", type=int, default=analysis.analyst().iterations,
                        help="symmetry: the search's look-aheads (the analysis's own by default)")
    args = parser.parse_args()
    if args.what == "queue":
        queue(args.games, args.seconds)
    elif args.what == "mistakes" and args.check:
        part, parts = map(int, args.part.split("/"))
        mistakes_check(args.check, {"random": 8 * args.playouts, "easy": args.playouts}, part, parts)
    elif args.what == "mistakes" and args.report:
        mistakes_report(args.report)
        checked_report(args.report)
    elif args.what == "mistakes" and args.fit:
        loss_scale_report(args.fit, args.held_out or parser.error("--fit needs --held-out"))
    elif args.what == "calibration" and args.fit:
        calibration_report(args.fit, args.held_out or parser.error("--fit needs --held-out"))
    elif args.seed is None:
        parser.error(f"{args.what} needs --seed")
    elif args.what == "symmetry":
        symmetry(args.games, args.seed, args.iterations)
    elif args.what == "calibration":
        calibration_data(args.games, args.seed, args.every)
    elif args.what == "mistakes":
        mistakes_data(args.games, args.seed, args.every, args.playouts, args.level, args.first)
    elif args.what == "noise":
        noise(args.games, args.seed, args.repeats, args.every)
    else:
        sanity(args.games, args.seed)


if __name__ == "__main__":
    main()
