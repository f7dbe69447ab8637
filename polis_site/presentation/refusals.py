"""Every refusal the rules or the server can send, in a player's words, by its stable code.

One table for every surface: the match page reads it in its catalogue (`words`), the site's forms
and buttons through `said`. A code missing here is a fault of ours: the reader gets a plain sentence
and we get a log line, never the raw code (tests/matches/test_refusal_words.py finds every code
raised in engine/ and polis_site/ and checks it has words here, in English and Spanish).
"""

from __future__ import annotations

import logging
from django.utils.translation import gettext_lazy

from engine.errors import ActionError, MalformedAction
from polis_site import storage

log = logging.getLogger(__name__)

_MOVED_ON = gettext_lazy("The game has moved on: the page shows where it stands now.")
_UNREADABLE = gettext_lazy("The server could not read what was sent: reload the page and try again.")
#: A refusal said without its reason: the words of a code that has none (logged).
_REFUSED = gettext_lazy("The server refused this.")

#: The rules' refusals of an action or answer (engine.errors.IllegalAction and its kin).
RULES = {
    "cannot_afford": gettext_lazy("You cannot pay for this."),
    # No figures: a reason beside a choice comes without them (the famine's own line says the shortfall).
    "famine_unpaid": gettext_lazy(
        "Not yet enough: the poleis ticked and your prestige do not cover the shortfall. Give up more poleis."),
    "no_pieces": gettext_lazy("You have no pieces left in reserve for this."),
    "stacking_limit": gettext_lazy("That passes the stacking limit of this round."),
    "no_route": gettext_lazy("There is no free route there."),
    "bad_route": gettext_lazy("The proxenos cannot take that route."),
    "no_way": gettext_lazy("The proxenos has no way there by land alone or by sea alone."),
    "needless_polis": gettext_lazy("You give up more poleis than the shortfall needs: keep the smallest of them."),
    "too_much_growth": gettext_lazy("A polis cannot grow that much this round."),
    "wrong_count": gettext_lazy("Remove the number of units the card asks for."),
    "card_count": gettext_lazy("Choose the number of cards asked for."),
    "not_in_hand": gettext_lazy("That card is not in your hand."),
    "same_action_twice": gettext_lazy("You took this action already this turn: a turn is two different actions."),
    "truce": gettext_lazy("The event card forbids taking the opponent's poleis this round."),
    "tribute_taken": gettext_lazy("This territory's tribute was already collected this round."),
    "barred_by_event": gettext_lazy("The event card bars this tribute."),
    "capped_by_event": gettext_lazy("The event card limits how many hoplites may collect this tribute."),
    "column_overflow": gettext_lazy("That tribute column has fewer spaces than the hoplites placed on it."),
    "no_prestige": gettext_lazy("You lack the prestige this costs."),
    "closed_by_event": gettext_lazy("The event card closes this market space to you."),
    "space_taken": gettext_lazy("A merchant already holds this space."),
    "space_unavailable": gettext_lazy("This market space is not open this round."),
    "no_merchant": gettext_lazy("You have no merchant in your commercial port."),
    "no_commercial_polis": gettext_lazy("Your commercial port is closed: you hold none of your commercial poleis."),
    "not_accepted": gettext_lazy("This market space does not take that good."),
    "too_few_hoplites": gettext_lazy("You have too few hoplites there."),
    "no_control": gettext_lazy("You do not control the territory this polis stands in."),
    "last_cube": gettext_lazy("A polis keeps its last population cube."),
    "not_your_polis": gettext_lazy("You do not hold the polis this needs."),
    "capital": gettext_lazy("A capital cannot be taken this way."),
    "cannot_defect": gettext_lazy("That polis cannot go over."),
    "neutral_area": gettext_lazy("No hoplite may stand in a neutral area."),
    "no_hoplites": gettext_lazy("You have no hoplites there."),
    "no_mercenaries": gettext_lazy("No event card lets you hire mercenaries this round."),
    "no_pacifists": gettext_lazy("No event card lets you quell pacifists here."),
    "no_polis": gettext_lazy("You hold no polis where your hoplites stand."),
    "no_port": gettext_lazy("That polis has no port."),
    "no_proxenos_there": gettext_lazy("Your proxenos is not there."),
    "no_unit": gettext_lazy("You have no unit left there."),
    "not_allowed_here": gettext_lazy("This project cannot be developed in that polis."),
    "not_captured": gettext_lazy("Your proxenos is free."),
    "not_commercial": gettext_lazy("Merchants are created only in your commercial poleis."),
    "not_its_port": gettext_lazy("That sea is not on this polis's port."),
    "not_on_offer": gettext_lazy("That project is not on offer."),
    "not_yours_to_give": gettext_lazy("Only your own poleis, never your capital, can be given up."),
    "origin_is_destination": gettext_lazy("A unit already there does not move there."),
    "own_polis": gettext_lazy("Your proxenos stands in a polis that is yours already."),
    "nothing_possible": gettext_lazy("Nothing of this kind can be done now."),
    "nothing_to_move": gettext_lazy("You have no unit of this kind on the board to move."),
    "nothing_to_besiege": gettext_lazy("None of your hoplites stands beside a polis that is not yours."),
    "one_project_per_round": gettext_lazy("That polis is already developing a project this round."),
    "proxenos_captured": gettext_lazy("Your proxenos is captured: pay its ransom first."),
    "proxenos_there": gettext_lazy("The other proxenos is there already."),
    "salpinx_without_prestige": gettext_lazy("Playing the Salpinx needs prestige you do not have."),
    "payment_mismatch": gettext_lazy("The payment does not match the number of units."),
    "extra_required": gettext_lazy("Acting alone, choose the extra resource this action costs."),
    "other_extra": gettext_lazy("Not with this extra resource: choose another one above to act alone with."),
    "extra_not_due": gettext_lazy("No extra resource is due: only an action taken alone costs one."),
    "illegal": gettext_lazy("The rules do not allow this now."),
    "not_your_decision": gettext_lazy("It is not your turn to decide."),
    "stale_decision": _MOVED_ON,
    "wrong_decision": _MOVED_ON,
    "game_over": gettext_lazy("This match is over."),
}

#: An action or message the server could not read: a page of ours never sends one, a client may.
MALFORMED = {code: _UNREADABLE for code in (
    "malformed", "too_large", "action_error", "not_an_object", "missing_field", "unknown_field", "unknown_action",
    "unknown_id", "unknown_side", "bad_counts", "bad_list", "bad_number", "bad_flag", "bad_partial", "not_offered", "bad_reason", "bad_chance",
    "no_chance", "bad_setup", "schema_version", "bad_log", "bad_subscription")}

#: The server's own refusals: the match, the lobby, the chat, the clocks, relations, storage.
SERVER = {
    "time_out": gettext_lazy("Your time ran out before this move: the match is lost on time."),
    "stale_version": _MOVED_ON,
    "conflict": _MOVED_ON,
    "not_seated": gettext_lazy("Only the players of this match can do that."),
    "match_not_started": gettext_lazy("The match begins when your opponent joins."),
    "match_full": gettext_lazy("Both seats of this match are taken."),
    "invite_only": gettext_lazy("This match is joined only through its invite link."),
    "out_of_range": gettext_lazy("This challenge is for players of another rating."),
    "unreliable": gettext_lazy("This challenge asks for a reliability higher than yours."),
    "blocked": gettext_lazy("One of you has blocked the other: you do not play or chat with each other."),
    "not_yours": gettext_lazy("This challenge is not yours."),
    "not_finished": gettext_lazy("This match is not over yet."),
    "client_action_id_reused": gettext_lazy("That request id was already used for another move: reload the page."),
    "too_late_to_abort": gettext_lazy("Both sides have begun this match: it can be resigned, no longer aborted."),
    "no_time_limit": gettext_lazy("This match has no time limit."),
    "not_waiting_for_opponent": gettext_lazy("The match waits for you, not your opponent."),
    "time_left": gettext_lazy("Your opponent still has time to move."),
    "too_many_computer_matches": gettext_lazy(
        "You have %(most)s matches against the computer in play: finish or resign one first."),
    "computer_unavailable": gettext_lazy("The computer cannot play now."),
    "guest": gettext_lazy("Guests play the computer: sign up to play people and to chat."),
    "bad_side": gettext_lazy("Choose Athens, Sparta or a random side; “%(value)s” is none of them."),
    "bad_ruleset": gettext_lazy("Choose one of the rulesets offered; “%(value)s” is not one."),
    "bad_level": gettext_lazy("Choose one of the computer's levels; “%(value)s” is not one."),
    "bad_time_limit": gettext_lazy("Choose one of the time limits offered; “%(value)s” is not one."),
    "bad_clock": gettext_lazy("Choose one of the live clocks offered; “%(value)s” is not one."),
    "two_time_controls": gettext_lazy("Choose a live clock or days per move, not both."),
    "bad_range": gettext_lazy("A rating is a whole number from 0 to 4000; “%(value)s” is not."),
    "empty_range": gettext_lazy("No rating lies from %(low)s to %(high)s: put the lower one first."),
    "bad_reliability": gettext_lazy("Choose one of the reliabilities offered; “%(value)s” is not one."),
    "bad_export": gettext_lazy("That is not a match export."),
    "bad_notation": gettext_lazy("That is not a game in Polis notation."),
    "bad_players": gettext_lazy("An imported match needs two different players."),
    "bad_seed": gettext_lazy("A seed is text of 1 to 64 characters."),
    "match_error": _REFUSED,
    "no_such_match": gettext_lazy("There is no such match."),
    "no_such_step": gettext_lazy("This match has no such step."),
    "ended_at_step": gettext_lazy("The game had ended at this step: play on from an earlier one."),
    "no_such_message": gettext_lazy("There is no such message."),
    "no_such_hint": gettext_lazy("There is no such hint."),
    "no_such_player": gettext_lazy("There is no player of that name."),
    "not_a_player": gettext_lazy("Only another player can be blocked."),
    "chat_closed": gettext_lazy("The chat closes a day after the match ends."),
    "empty_message": gettext_lazy("Write something first."),
    "too_long": gettext_lazy("That message is too long."),
    "not_reportable": gettext_lazy("You can only report what your opponent wrote."),
    "on_holiday": gettext_lazy("You are on holiday already."),
    "not_on_holiday": gettext_lazy("You are not on holiday."),
    "no_days_left": gettext_lazy("You have no holiday left this year."),
    "bad_days": gettext_lazy("Choose how many days you will be away."),
    "login_required": gettext_lazy("Log in first."),
    "forbidden": gettext_lazy("This is not yours to do."),
    "not_found": gettext_lazy("There is nothing here."),
    "method_not_allowed": gettext_lazy("The server could not read what was sent: reload the page and try again."),
    "rate_limited": gettext_lazy("Too many messages at once: wait a moment."),
    "storage_full": gettext_lazy(
        "The server cannot store anything now (its disk is full): your move was not played. Try again later."),
    "storage_unavailable": gettext_lazy(
        "The server could not store your move: it was not played. Try again in a moment."),
    "unavailable": gettext_lazy("The server cannot answer now; try again in a moment."),
    "internal": gettext_lazy("The server failed on this; try again."),
    "refused": _REFUSED,
    # The open API's tokens and bot accounts (polis_site/api/).
    "token_required": gettext_lazy("Send your token with the call."),
    "bad_token": gettext_lazy("That token is not one of this site's."),
    "token_revoked": gettext_lazy("That token was revoked."),
    "missing_scope": gettext_lazy("That token may not do this: make one with the scope it needs."),
    "bad_token_name": gettext_lazy("Name the token in 1 to 60 characters."),
    "bad_scopes": gettext_lazy("Choose one or more of the scopes offered."),
    "too_many_tokens": gettext_lazy("You have %(most)s tokens: revoke one first."),
    "no_such_token": gettext_lazy("There is no such token."),
    "played_people": gettext_lazy("An account that has played people cannot become a bot: make a new account for it."),
    "bots_not_allowed": gettext_lazy("This challenge is for people: bots take only those that allow bots."),
    # Tournaments (polis_site/tournaments/).
    "tournament_error": _REFUSED,
    "bad_format": gettext_lazy("Choose Swiss, round robin or knockout."),
    "bad_rounds": gettext_lazy("A Swiss tournament has 1 to 30 rounds; a round robin is played once or twice."),
    "bad_size": gettext_lazy("A tournament takes from 2 players up, its most no fewer than its least."),
    "no_tournament": gettext_lazy("There is no such tournament."),
    "tournament_closed": gettext_lazy("This tournament takes no more entries."),
    "no_bots": gettext_lazy("This tournament is for people: bots may not join it."),
    "already_entered": gettext_lazy("You are in this tournament already."),
    "tournament_full": gettext_lazy("This tournament is full."),
    "not_entered": gettext_lazy("You are not in this tournament."),
    "too_few_players": gettext_lazy("Too few players joined this tournament for it to begin."),
    "tournament_over": gettext_lazy("This tournament is over: its record stands as it ended."),
    "tournament_name_taken": gettext_lazy("A tournament of this name is under way: choose another name."),
    "invitation_needed": gettext_lazy("This tournament is by invitation: join through the link its organiser shares."),
}

#: What the page itself says of a reply that did not come (static/js/match/socket.js).
PAGE = {
    "disconnected": gettext_lazy("The connection was lost: the page asks again once it is back."),
    "timeout": gettext_lazy("The server did not answer; try again."),
}

WORDS = {**MALFORMED, **RULES, **SERVER, **PAGE}

#: HTTP status of each refusal family, for the HTTP calls (the page's and the open API's): a rules
#: refusal is a 409 (the game's state conflicts), a malformed one a 400.
HTTP_STATUS = {"not_seated": 403, "not_yours": 403, "forbidden": 403, "no_such_match": 404, "no_such_player": 404,
               "not_found": 404, "malformed": 400, "too_large": 413, "stale_version": 409, "rate_limited": 429,
               # The open API's own (polis_site/api/ raises them with these statuses too).
               "token_required": 401, "bad_token": 401, "token_revoked": 401, "missing_scope": 403,
               "method_not_allowed": 405, "played_people": 409,
               **dict.fromkeys(("bad_token_name", "bad_scopes", "too_many_tokens", "no_such_token"), 400),
               storage.FULL: 503, storage.UNAVAILABLE: 503,
               # A request's own values refused (a form's, an API call's): the request is wrong, not late.
               **dict.fromkeys(("bad_side", "bad_ruleset", "bad_level", "bad_time_limit", "bad_clock",
                                "two_time_controls", "bad_range", "empty_range", "bad_reliability", "not_a_player",
                                "empty_message", "too_long", "bad_format", "bad_rounds", "bad_size"), 400),
               "no_tournament": 404, "invitation_needed": 403, "tournament_name_taken": 409}


def http_status(error: ActionError) -> int:
    """An error's own status (the open API's refusals carry one), or its family's."""
    status = getattr(error, "status", None)
    if isinstance(status, int):
        return status
    return HTTP_STATUS.get(error.code, 400 if isinstance(error, MalformedAction) else 409)
#: Said of a code that has no words (and logged): never the code itself.
UNKNOWN = "unknown"


def words() -> dict[str, str]:
    """Every refusal in the active language, for the match page's catalogue."""
    return {**{code: str(text) for code, text in WORDS.items()}, UNKNOWN: str(_REFUSED)}


def said(error: ActionError) -> str:
    """A refusal in the reader's words, with the figures it carries (`%(most)s`)."""
    text = WORDS.get(error.code)
    if text is None:
        log.warning("refusal code %r has no words in polis_site/presentation/refusals.py", error.code)
        return str(_REFUSED)
    try:
        return str(text) % error.details if "%(" in str(text) else str(text)
    except (KeyError, TypeError, ValueError):  # a figure missing from the details: said without them
        log.warning("refusal %r lacks the figures its words need: %r", error.code, error.details)
        return str(_REFUSED)
