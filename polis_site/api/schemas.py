"""The open API's request and response bodies, written once here: django-ninja makes the OpenAPI
schema of /api/v1/ from them, and checks every request body against them.

A match's state is the page's own `state` message, documented here by its main fields (more may
come: a client reads what it knows). An action's and a prompt answer's wire format is the engine's:
`wire.py` makes their JSON Schema from the engine's own tables, so the docs cannot drift from it."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from ninja import Field, Schema
from pydantic import ConfigDict, StrictInt, WithJsonSchema

from polis_site.api import wire
from polis_site.lobby.services import DECLINE_REASONS
from polis_site.matches.models import COMPUTER_LEVELS, DEFAULT_RULESET, RULESETS
from polis_site.matches.terms import CLOCKS, MOVE_DAYS

Side = Literal["athens", "sparta"]
SideChoice = Literal["athens", "sparta", "random"]
Ruleset = Literal[tuple(dict(RULESETS))]  # type: ignore[valid-type]
Level = Literal[tuple(dict(COMPUTER_LEVELS))]  # type: ignore[valid-type]
#: The lobby's own choices of time: days a move, and the live clocks (minutes + seconds a move).
MoveDays = Literal[tuple(days for days in MOVE_DAYS if days is not None)]  # type: ignore[valid-type]
ClockControl = Literal[tuple(CLOCKS)]  # type: ignore[valid-type]
DeclineReason = Literal[DECLINE_REASONS]  # type: ignore[valid-type]
#: An action or a prompt's answer, as the engine reads it (documented by `wire.schema`).
Action = Annotated[dict[str, Any], WithJsonSchema(wire.schema())]


class Error(Schema):
    type: Literal["error"]
    code: str = Field(description="stable: the same codes as the match page's (refusals.py)")
    message: str = Field(description="what was wrong, in English, naming the input")
    details: dict[str, Any] | None = None
    retry_after: float | None = Field(None, description="rate_limited: seconds until a call is allowed again")
    state: dict[str, Any] | None = Field(None, description="a refused action: the match as it now stands")


class Rating(Schema):
    rating: float
    deviation: float
    games: int


class TokenInfo(Schema):
    name: str
    scopes: list[str]


class Account(Schema):
    id: int
    username: str
    bot: bool = Field(description="a bot account: shown as BOT, rated apart from people")
    ratings: dict[str, Rating] = Field(description="by ruleset")
    token: TokenInfo = Field(description="the token this call was made with")


class Player(Schema):
    username: str | None
    bot: bool = False
    computer: str | None = Field(None, description="the computer's level, in its seat")


class Challenge(Schema):
    id: int = Field(description="the match's id: accepted, it is the match")
    status: Literal["open", "active", "finished", "declined", "cancelled"]
    ruleset: Ruleset
    rated: bool
    challenger: Player
    challenger_side: Side
    challenged: Player | None
    days_per_move: int | None
    clock: str | None = Field(description='a live clock ("20+20": minutes each, seconds a decision), or none')
    url: str
    reason: DeclineReason | None = Field(None, description="a declined challenge: why")


class ChallengeIn(Schema):
    model_config = ConfigDict(extra="forbid")
    side: SideChoice = "random"
    ruleset: Ruleset = DEFAULT_RULESET  # type: ignore[assignment]
    rated: bool = True
    days_per_move: MoveDays | None = Field(None, description="a day-by-day match: days each decision may take")
    clock: ClockControl | None = Field(None, description="a live match: minutes each side has, + seconds added a move")


class Bot(Schema):
    username: str
    online: bool = Field(description="its event stream is open now: it hears a challenge at once")
    ratings: dict[str, float] = Field(description="by ruleset, its rating among bots")


class OpenChallengeIn(ChallengeIn):
    """A challenge to a named player's terms, posted in the lobby for anyone."""

    bots_allowed: bool = Field(False, description="whether a bot account may take it")


class DeclineIn(Schema):
    model_config = ConfigDict(extra="forbid")
    reason: DeclineReason = Field("generic", description="generic, later (not now), time_control, rated (not rated), "  # type: ignore[assignment]
                                                         "casual (not unrated), ruleset, no_bot (not against bots), "
                                                         "only_bot (only against bots)")


class ComputerIn(Schema):
    model_config = ConfigDict(extra="forbid")
    level: Level = "easy"  # type: ignore[assignment]
    side: SideChoice = "random"
    ruleset: Ruleset = DEFAULT_RULESET  # type: ignore[assignment]


class Challenges(Schema):
    incoming: list[Challenge]
    outgoing: list[Challenge]


class MatchSummary(Schema):
    id: int
    status: Literal["open", "active", "finished"]
    ruleset: Ruleset
    seat: Side | None
    players: dict[str, Player] = Field(description="by side, the seats taken")
    waiting_for: str | None = Field(description='"athens", "sparta", "chance", or none once over')
    my_turn: bool
    version: int
    url: str
    rated: bool = Field(description="whether its result changes the players' ratings (a bot's match with a person, "
                                    "or one against the computer, never does)")
    days_per_move: int | None = Field(description="days each decision may take; none: a live clock or no limit")
    clock: str | None = Field(description="a live clock, minutes each + seconds a move, such as 20+20")
    deadline: str | None = Field(description="while in play with a time limit: when the side to move loses on time "
                                             "(ISO 8601)")
    winner: str | None = Field(description='once over: "athens", "sparta", or none (shared, or no winner)')
    reason: str | None = Field(description="once over: how it ended (the engine's reason, resigned, time_out)")


class ChatLine(Schema):
    id: int
    side: Side
    name: str = Field(description="the writer's name as the match shows it")
    text: str
    version: int = Field(description="the log's length when it was written: it follows that many actions")
    at: str = Field(description="when (ISO 8601)")


class ChatHistory(Schema):
    lines: list[ChatLine]


class Reserve(Schema):
    cubes: int = Field(description="cubes off the board: growth takes them as population (a hoplite or "
                                   "galley is made from a polis's population, not from here)")
    disks: int = Field(description="disks off the board: on it they mark each polis held, each tribute "
                                   "collected and each siege attempt")
    merchants: int = Field(description="merchants waiting in the side's commercial port")


class Food(Schema):
    need: int = Field(description="wheat the seat's population will eat at this round's end (an event card's relief taken off)")
    wheat: int = Field(description="wheat the seat holds now")
    gap: int = Field(description="wheat it would lack as things stand (0 or less: enough)")


class Clock(Schema):
    left: dict[Side, float] = Field(description="seconds left on each side's clock when `since` began")
    since: str = Field(description="when the time of the side to move began to run (ISO 8601)")
    increment: int = Field(description="seconds added after each move")
    now: str = Field(description="the server's time when this was sent (ISO 8601): the side to move has "
                                 "left[side] - (now - since) seconds")


class ComputerWait(Schema):
    since: str = Field(description="since when the match waits for the computer (ISO 8601)")
    now: str = Field(description="the server's time when this was sent (ISO 8601)")
    usual: int = Field(description="seconds after which the computer is later than it usually answers")


class State(Schema):
    """The seat's own view, as its match page receives it (`polis_site.presentation.seat_messages.state_message`):
    the other seat's battle hand, the decks and the events to come stay hidden. Every field is
    declared (tests/api/test_api_state.py fails on one the page gets and this leaves out); the
    schema stays open to fields added later, as docs/api.md's versioning promises."""

    model_config = ConfigDict(extra="allow")
    type: Literal["state"]
    match: int
    version: int = Field(description="how many decisions the match has logged: each act names the one it answers")
    status: Literal["open", "active", "finished"]
    seat: Side | None = Field(description="the caller's seat; none: a spectator's view")
    view: dict[str, Any] = Field(description="the game as this seat may see it (engine.api.view_for): the board, "
                                             "each side's tracks, hand counts and projects, the round and its event")
    reserves: dict[Side, Reserve] = Field(description="what each side still has off the board")
    prompts: list[dict[str, Any]] = Field(description="the decision this seat must answer now, with its first options")
    waiting_for: str | None = Field(description="the side whose decision the match waits for, \"chance\", or none once over")
    players: dict[str, str] = Field(description="each seat's player as the page names them")
    food: Food | None = Field(None, description="the seat's food at this round's end, until its population has eaten")
    spoken_names: dict[Side, dict[str, str]] | None = Field(
        None, description="a seat named in words (the computer, a guest): its name in each language the site speaks")
    move_days: int | None = Field(description="days each side has for a move (none: a live match or no limit)")
    may_abort: bool | None = Field(None, description="a seat's: the match may still be aborted (until both sides "
                                                     "have decided once)")
    deadline: str | None = Field(description="when the side to move loses on time, by days a move or a live clock "
                                             "(ISO 8601; none once over)")
    clock: Clock | None = Field(None, description="a live clock: its time runs only while the match is active")
    computer_wait: ComputerWait | None = Field(None, description="while the match waits for the computer")
    ending: dict[str, str] | None = Field(None, description="once over: how it ended, in each language")
    outcome: dict[str, Any] | None = Field(None, description="once over, however it ended: `winner` (none: shared, "
                                                             "aborted or no winner) and `reason` (the engine's, or "
                                                             "resigned, time_out, aborted)")
    log: list[dict[str, Any]] | None = Field(None, description="with ?since=n: the log's entries after version n")


class ActIn(Schema):
    model_config = ConfigDict(extra="forbid")
    action: Action
    version: StrictInt | None = Field(None, description="the version the action answers: a later match refuses it "
                                                  "(stale_version) instead of applying it to another position")
    client_action_id: str | None = Field(None, max_length=64, description="an id of the client's: the same id "
                                                                          "sent again is answered, not played twice")


class Ack(Schema):
    type: Literal["ack"]
    client_action_id: str | None
    seq: int
    duplicate: bool
    version: int
    state: State


class OptionsIn(Schema):
    model_config = ConfigDict(extra="forbid")
    partial: dict[str, Any] = Field(default_factory=dict, description="the action built so far ({} to begin)")


class Options(Schema):
    model_config = ConfigDict(extra="allow")
    version: int
    partial: dict[str, Any]
    options: dict[str, Any] = Field(description="the next field and its legal choices (engine.api.options)")


class ChatIn(Schema):
    model_config = ConfigDict(extra="forbid")
    text: str


class Done(Schema):
    ok: Literal[True]
    match: MatchSummary | None = None


TournamentFormat = Literal["swiss", "round_robin", "knockout"]
TournamentStatus = Literal["open", "running", "paused", "finished", "cancelled"]


class TournamentSummary(Schema):
    id: int
    name: str
    format: TournamentFormat
    status: TournamentStatus
    ruleset: Ruleset
    rated: bool
    rounds: int = Field(description="a Swiss: its rounds; a round robin: its cycles (1 or 2); a knockout: unused")
    current_round: int = Field(description="the round in play or last played (0: not begun)")
    players: int = Field(description="entries not withdrawn")
    min_players: int
    max_players: int
    days_per_move: int | None
    clock: str | None
    starts_at: str | None = Field(description="ISO 8601, UTC; null: as soon as it is full")
    bots_allowed: bool
    invitation_only: bool = Field(description="joined only with its link's `invitation` (its organiser shares it)")
    entered: bool = Field(description="whether the caller is in it (and has not withdrawn)")
    url: str


class JoinTournamentIn(Schema):
    model_config = ConfigDict(extra="forbid")
    invitation: str | None = Field(None, max_length=64,
                                   description="a tournament by invitation: the `invitation` of the link its organiser shares")


class TournamentStanding(Schema):
    place: int
    player: Player
    points: float
    buchholz: float
    sonneborn_berger: float
    withdrawn: bool


class TournamentGame(Schema):
    round: int
    athens: Player
    sparta: Player | None = Field(description="null: a bye, scored as a win")
    result: Literal["athens", "sparta", "shared", ""] = Field(description='"": in play')
    match: int | None = Field(description="the match's id (null: a bye)")


class Tournament(TournamentSummary):
    standings: list[TournamentStanding]
    games: list[TournamentGame]
