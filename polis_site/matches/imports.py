"""A new match from an admin's export (setup + log), to study, test or resume a reported position:
`manage.py importmatch`. Written through the same helpers as every match (services)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from engine import api
from engine.errors import ActionError
from polis_site.matches import services
from polis_site.matches.models import ActionRecord, Match


def import_match(export: Any, athens: Any, sparta: Any, upto: int | None = None,
                 move_days: int | None = None, seed: str | None = None,
                 clock: tuple[int, int] | None = None) -> Match:
    """A new match in play between two users, from an admin export (setup + log) replayed to its
    end or to action `upto`: to study, test or resume a reported position. Chance from then on is
    drawn from the new match's own seed (`seed` to reproduce a game's dice and shuffles); nothing
    is stored unless the whole log replays. An imported match is never rated: its past was not
    played by these two."""
    services.check_move_days(move_days)
    if seed is not None and (not isinstance(seed, str) or not 1 <= len(seed) <= Match._meta.get_field("seed").max_length):
        raise services.MatchError(f"seed {seed!r} must be text of 1 to {Match._meta.get_field('seed').max_length} characters",
                         code="bad_seed")
    if not isinstance(export, dict) or not isinstance(export.get("setup"), dict) or not isinstance(export.get("log"), list):
        raise services.MatchError("an export is a JSON object with a 'setup' object and a 'log' list", code="bad_export")
    if athens is None or sparta is None or athens.pk == sparta.pk:
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
        match = Match(created_by=athens, athens=athens, sparta=sparta, setup=setup.to_json(),
                      status=Match.Status.ACTIVE, version=len(records), move_days=move_days, rated=False, listed=False)
        if seed is not None:
            match.seed = seed
        if clock is not None:  # a live clock of any length, each side's time full: to study or test one
            match.clock_left, match.clock_increment = {"athens": float(clock[0]), "sparta": float(clock[0])}, clock[1]
        services.store(match, state)
        match.save()
        services.after_commit_tell_of_the_deadline(match)
        ActionRecord.objects.bulk_create(
            ActionRecord(match=match, seq=seq, user=sparta if r["side"] == "sparta" else athens, **r)
            for seq, r in enumerate(records, start=1))
    return match
