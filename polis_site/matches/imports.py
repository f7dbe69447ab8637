"""A new match from an admin's export (setup + log), to study, test or resume a reported position
(`manage.py importmatch`), or from any step of a replay against the computer ("play on from here",
`play_on`). Written through the same helpers as every match (services)."""

from __future__ import annotations

import random
from typing import Any

from django.db import transaction

from engine import api
from engine.errors import ActionError
from engine.data.sides import SIDES, opponent
from polis_site.matches import services, terms
from polis_site.matches.models import ActionRecord, Match, new_seed


def import_match(export: Any, athens: Any, sparta: Any, upto: int | None = None,
                 move_days: int | None = None, seed: str | None = None,
                 clock: tuple[int, int] | None = None, computer: tuple[str, str] | None = None,
                 created_by: Any = None, played_on_from: Match | None = None) -> Match:
    """A new match in play between two users, from an admin export (setup + log) replayed to its
    end or to action `upto`: to study, test or resume a reported position. Chance from then on is
    drawn from the new match's own seed (`seed` to reproduce a game's dice and shuffles); nothing
    is stored unless the whole log replays. An imported match is never rated: its past was not
    played by these two. `computer`: its level and side, the computer seated there (the other
    user given is then ignored); `created_by`: whose match it is (Athens' player by default);
    `played_on_from`: the match whose steps these are (`play_on`)."""
    terms.check_move_days(move_days)
    if seed is not None and (not isinstance(seed, str) or not 1 <= len(seed) <= Match._meta.get_field("seed").max_length):
        raise services.MatchError(f"seed {seed!r} must be text of 1 to {Match._meta.get_field('seed').max_length} characters",
                         code="bad_seed")
    if not isinstance(export, dict) or not isinstance(export.get("setup"), dict) or not isinstance(export.get("log"), list):
        raise services.MatchError("an export is a JSON object with a 'setup' object and a 'log' list", code="bad_export")
    if computer is None and (athens is None or sparta is None or athens.pk == sparta.pk):
        raise services.MatchError("an imported match needs two different players", code="bad_players")
    try:
        setup = api.Setup.from_json(export["setup"])
        state = api.new_game(setup)
    except (KeyError, TypeError, ValueError, ActionError) as error:
        raise services.MatchError(f"the export's setup does not load: {error}", code="bad_export") from error
    records: list[dict[str, Any]] = []
    for number, entry in enumerate(export["log"], start=1):
        chance = isinstance(entry, dict) and "chance" in entry
        if chance and not records:
            raise services.MatchError(f"log entry {number} is a chance outcome before any action", code="bad_log")
        if not chance and upto is not None and len(records) == upto:
            break
        try:
            state, events = api.apply_entry(state, entry)
        except (ActionError, KeyError, TypeError) as error:
            raise services.MatchError(f"log entry {number} ({entry!r:.200}) does not replay: {error}", code="bad_log") from error
        if chance:
            records[-1]["chance"].append(entry["chance"])
            records[-1]["events"] += events
        else:
            records.append({"side": entry["side"], "action": entry["action"], "chance": [], "events": events})
    if upto is not None and len(records) < upto:
        raise services.MatchError(f"the log holds {len(records)} actions, not {upto}", code="bad_log")
    with transaction.atomic():
        match = Match(created_by=created_by or athens, athens=athens, sparta=sparta, setup=setup.to_json(),
                      status=Match.Status.ACTIVE, version=len(records), move_days=move_days, rated=False, listed=False,
                      played_on_from=played_on_from, steps_taken=len(records) if played_on_from else 0)
        if computer is not None:
            services.seat_the_computer(match, *computer)
        if seed is not None:
            match.seed = seed
        if clock is not None:  # a live clock of any length, each side's time full: to study or test one
            match.set_clock(*clock)
        for record in records:
            match.note_decided(record["side"])
        services.store(match, state)
        match.save()
        services.after_commit_tell_of_the_deadline(match)
        ActionRecord.objects.bulk_create(
            ActionRecord(match=match, seq=seq, user=match.player(r["side"]), **r)
            for seq, r in enumerate(records, start=1))
        services.queue_the_computer_if_due(match)
    return match


def play_on(source: Match, user: Any, upto: int, side: str, level: str, same_dice: bool = False) -> Match:
    """A new match against the computer from step `upto` of `source` (a replay's step), `user` on
    `side` ("athens", "sparta" or "random"): unrated, as every match against the computer. With
    `same_dice`, chance to come is drawn as it was in `source` (the same seed); otherwise what is
    yet to be revealed (the project pile's order, the events of later rounds, every roll and
    shuffle to come) is dealt anew, for the replay showed the old."""
    if side not in (*SIDES, "random"):
        raise services.MatchError(f"side {side!r} is not athens, sparta or random", code="bad_side", value=side)
    terms.check_computer(user, level)
    if not isinstance(upto, int) or not 0 <= upto <= source.version:
        raise services.MatchError(f"match {source.pk} has steps 0 to {source.version}, not {upto}", code="no_such_step")
    seed = source.seed if same_dice else new_seed()
    if side == "random":
        side = random.Random(f"{seed}:seat").choice(SIDES)
    setup = source.engine_setup()
    records = source.actions.filter(seq__lte=upto).order_by("seq")
    log = [entry for record in records for entry in record.log_entries()]
    state = api.replay(setup, log)
    if state.outcome is not None:
        raise services.MatchError("the game had ended at that step: nothing is left to play", code="ended_at_step")
    if not same_dice:
        setup = api.fresh_future(setup, state, random.Random(seed))
    seats = {side: user, opponent(side): None}
    return import_match({"setup": setup.to_json(), "log": log}, seats["athens"], seats["sparta"], seed=seed,
                        computer=(level, opponent(side)), created_by=user, played_on_from=source)
