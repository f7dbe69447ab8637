"""Issue 21's fuzz suite: generated hostile input against the websocket and the HTTP API.

Hypothesis generates over 10,000 inputs a run (`SHARES`; each test counts what it sent and checks
its share): websocket frames to `/ws/match/<id>/` (any JSON value; messages of every type with any
fields; actions built from the engine's own action types, field names and ids with values of every
JSON type; legal actions with one thing changed; NaN and Infinity tokens, lone surrogates escaped
and raw, NUL, deep nesting, long text, text that is not JSON, binary frames; sockets opened on
random match ids), `POST /matches/api/<id>/act/` bodies (the same, plus bytes that are not UTF-8),
`GET /matches/api/<id>/state/?since=...`, and join, resign and claim on random ids and on the
real match, by each seat, a spectator and no one.

For every input it asserts that:
- each reply is a normal reply or a typed error (`{"type": "error", "code": <non-empty str>,
  "message": <str>}`), and no HTTP answer is a 5xx;
- the websocket stays open: a `ping` sent after each input gets its `pong`;
- the match's version, snapshot and action log are unchanged, unless the server acknowledged a
  legal action: then the version went up by exactly one and the log by that one record.

It found two bugs (fixed in d8b22e8; such inputs are generated like any other): an `options` query
whose partial action's `type` was a list or an object closed the socket (a TypeError), and one with
a large `count` held the database thread (every payment split was listed, quadratically).

Runs are deterministic (`derandomize`, no example database). Each test reuses one match and its
sockets or clients across all its examples: the file takes two to two and a half minutes on two
cores, most of it the server's own work (each refusal carries a fresh state; a ping follows each input).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, quote_from_bytes

import orjson
import pytest
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.test import Client
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine import api, battles, end_of_round, event_cards, flow
from engine.data import battle_cards, geography, poleis, projects, resources
from engine.data.sides import SIDES
from polis_site.asgi import application
from polis_site.matches import wire
from polis_site.matches.models import ActionRecord, Match
from polis_site.presentation import consumers
from tests.matches.factories import UserFactory, active_match, sparta_first

pytestmark = pytest.mark.django_db(transaction=True)

#: Inputs each test sends (at least): together, the issue's 10,000 a run.
SHARES = {"ws_turn": 2400, "ws_prompt": 900, "ws_raw": 1600, "ws_paths": 500,
          "http_act": 2200, "http_since": 1200, "http_posts": 1200, "open_api_act": 1200}
assert sum(SHARES.values()) >= 10_000
#: Seconds a reply may take: far more than any takes; a hang fails the test instead of stalling it.
REPLY_SECONDS = 20
PING = '{"type": "ping"}'
ORIGIN = (b"origin", b"http://127.0.0.1")
#: What the chat sends to all its readers: a line written, hidden, or the chat closed to spectators.
CHAT_BROADCASTS = {"chat", "chat_hidden", "chat_private"}
#: What the websocket may send before the pong: its answer (a pong to a ping), and broadcasts
#: (the match's carry `latest`; the chat's are CHAT_BROADCASTS).
WS_REPLIES = {"error", "state", "log", "ack", "options", "price", "pong", "chat_reported", *CHAT_BROADCASTS}


def fuzz(share: str) -> settings:
    """Deterministic, no example database, no deadline. No shrinking: the examples share one live
    match, so a failure is reported as found (the input that broke the socket is named)."""
    return settings(max_examples=SHARES[share], deadline=None, derandomize=True, database=None,
                    phases=(Phase.generate,), print_blob=False,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.large_base_example, HealthCheck.filter_too_much])


# --------------------------------------------------------------------------- what is generated

#: The engine's own vocabulary, so that generated actions get past the first checks.
PROMPT_ANSWERS: dict[str, frozenset[str]] = {
    kind: fields for module in (battles, end_of_round, event_cards)
    for answers in module.ANSWER_TYPES.values() for kind, fields in answers.items()}
ANSWER_FIELDS: dict[str, frozenset[str]] = {**flow.ACTION_FIELDS, **PROMPT_ANSWERS, flow.PASS: frozenset(),
                                            "discard_project": frozenset({"project"})}
ACTION_TYPES = sorted(ANSWER_FIELDS)
FIELD_NAMES = sorted({"type", "decision", *itertools.chain.from_iterable(ANSWER_FIELDS.values())})
MESSAGE_KEYS = ["type", "version", "action", "partial", "request", "client_action_id", "text", "id"]
MESSAGE_TYPES = ["sync", "act", "options", "price", "ping", "unknown", "pong", "state", "ack", "error", "ACT", " act",
                 "chat", "report_chat", "chat_private"]
IDS = sorted({*poleis.POLEIS, *geography.TERRITORIES, *geography.SEAS, *geography.MARKETS, *geography.NEUTRAL_AREAS,
              *projects.PROJECTS, *projects.CATEGORIES, *resources.TRACKS, *SIDES, *ACTION_TYPES, "land", "sea"})
ODD_TEXT = ["", " ", "\x00", "a\x00b", "\ud800", "\udfff", "\ud83d\ude00", "NaN", "Infinity", "-Infinity", "1e400",
            "null", "true", "__proto__", "constructor", "' OR 1=1 --", "<script>alert(1)</script>", "\u202e",
            "\ufeff", "${jndi:x}", "%s%n", "0", "-1", "99999999999999999999", "①", "٣", "𝟙", "athinae\x00",
            "ATHINAE", " sparti", "iron ", "x" * 65]

INTS = st.one_of(
    st.integers(-3, 40),
    st.sampled_from([2**31 - 1, 2**31, 2**53 - 1, 2**53, 2**53 + 1, -(2**53) - 1, 2**63 - 1, 2**63, 2**64,
                     10**30, -(10**30), 10**400]),
    st.integers(),
)
ANY_CHARACTER = st.characters(exclude_categories=())  # surrogates, NUL and controls included
TEXT = st.one_of(st.text(ANY_CHARACTER, max_size=8), st.sampled_from(ODD_TEXT), st.sampled_from(IDS))
LONG_TEXT = st.builds(lambda piece, count: piece * count, st.sampled_from(["x", "é", "\x00", "\ud800", "ab "]),
                      st.integers(60, 20_000))
LEAVES = st.one_of(st.none(), st.booleans(), INTS, st.floats(), TEXT)
KEYS = st.one_of(st.sampled_from(FIELD_NAMES + MESSAGE_KEYS), TEXT)
JSON = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
                    max_leaves=8)
IDS_ = st.sampled_from(IDS)
CARDS = st.sampled_from(battle_cards.CARD_NUMBERS)
#: Values for an action's field: well-typed ones from the engine's ids, and anything at all.
FIELD_VALUES = st.one_of(IDS_, st.lists(IDS_ | LEAVES, max_size=5),
                         st.dictionaries(st.sampled_from(resources.TRACKS) | TEXT, INTS | LEAVES, max_size=4),
                         INTS, CARDS, st.lists(CARDS, max_size=4), LEAVES, JSON)
OFFSET = st.integers(-2, 3)
ACTION_TYPE = st.sampled_from(ACTION_TYPES) | LEAVES
NUMBER = st.integers(0, 2**16)
ONE_IN = {n: st.integers(0, n - 1) for n in (2, 4, 6, 8, 10, 16, 40)}
#: Which fields an action carries: some of its type's own, or any type's for a type that takes none
#: (or is not a type).
FIELD_LISTS = {kind: st.lists(st.sampled_from(sorted(fields)), max_size=len(fields), unique=True)
               for kind, fields in ANSWER_FIELDS.items() if fields}
ANY_FIELDS = st.lists(st.sampled_from(FIELD_NAMES), max_size=4, unique=True)


def pick(draw: st.DrawFn, items: list[Any]) -> Any:
    """One of `items`, drawn the same way whatever their number: the match changes as a test runs
    (legal moves are played), and Hypothesis refuses draws whose bounds follow outside state."""
    return items[draw(NUMBER) % len(items)]


def action_dict(draw: st.DrawFn, decision: int) -> dict[str, Any]:
    """An action with a real type (mostly), a decision (mostly the current one) and fields."""
    kind = draw(ACTION_TYPE)
    action: dict[str, Any] = {"type": kind}
    if draw(ONE_IN[10]):
        how = draw(ONE_IN[4])
        action["decision"] = decision if how < 2 else decision + draw(OFFSET) if how == 2 else draw(LEAVES)
    for name in draw(FIELD_LISTS.get(kind, ANY_FIELDS) if isinstance(kind, str) else ANY_FIELDS):
        action[name] = draw(FIELD_VALUES)
    if not draw(ONE_IN[8]):
        action[draw(KEYS)] = draw(LEAVES)  # a field the type does not take
    if not draw(ONE_IN[16]):
        del action["type"]
    return action


def wrap(draw: st.DrawFn, action: Any, version: int) -> dict[str, Any]:
    """An action as an `act`, `price` or `options` message, its other fields varied."""
    kind = ("act", "act", "price", "options")[draw(ONE_IN[4])]
    message: dict[str, Any] = {"type": kind, ("partial" if kind == "options" else "action"): action}
    choice = draw(ONE_IN[6])
    if choice == 1:
        message["version"] = version
    elif choice == 2:
        message["version"] = draw(LEAVES)
    if draw(ONE_IN[2]):
        message["client_action_id"] = draw(TEXT | LEAVES | LONG_TEXT)
    if draw(ONE_IN[2]):
        message["request"] = draw(LEAVES)
    return message


def typed_message(draw: st.DrawFn, decision: int, version: int) -> dict[str, Any]:
    """A message of a known (or nearly known) type with random other fields."""
    message: dict[str, Any] = {"type": draw(st.sampled_from(MESSAGE_TYPES) | TEXT)}
    for key in draw(st.lists(KEYS, max_size=3, unique=True)):
        how = draw(ONE_IN[4])
        if how == 0:
            message[key] = draw(JSON)
        elif how == 1:
            message[key] = draw(LEAVES)
        else:
            message[key] = action_dict(draw, decision) if how == 2 else version
    return message


def mutated(draw: st.DrawFn, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A legal action with one thing changed (one in forty: nothing, a real move to acknowledge)."""
    action = dict(pick(draw, legal))
    how = draw(ONE_IN[40])
    if how == 0:
        return action
    name = pick(draw, sorted(action))
    if how <= 20:
        action[name] = draw(FIELD_VALUES)
    elif how <= 27:
        del action[name]
    elif how <= 33:
        action[draw(KEYS)] = draw(FIELD_VALUES)
    else:
        value = action[name]
        action[name] = [[value], {"v": value}, str(value), value + 0.5 if isinstance(value, int) else None][draw(ONE_IN[4])]
    return action


def encoded(draw: st.DrawFn, value: Any) -> str:
    """JSON text: ASCII (a lone surrogate as the escape \\ud800) or raw; NaN and Infinity as Python writes them."""
    return json.dumps(value, ensure_ascii=bool(draw(ONE_IN[2])), allow_nan=True)


def raw_frame(draw: st.DrawFn) -> str | bytes:
    """A frame that is not a well-formed message: any JSON value, deep nesting, broken or huge text, bytes."""
    kind = draw(ONE_IN[10])
    if kind <= 2:
        return encoded(draw, draw(JSON))
    if kind == 3:
        depth = draw(st.integers(wire.MAX_DEPTH - 2, wire.MAX_DEPTH + 3) | st.integers(0, 3000))
        opener, closer = [("[", "]"), ('{"type":', "}"), ('{"action":', "}"), ('[{"a":', "}]")][draw(ONE_IN[4])]
        return opener * depth + encoded(draw, draw(LEAVES)) + closer * depth
    if kind == 4:
        text = encoded(draw, typed_message(draw, 1, 0))
        return text[:draw(st.integers(0, max(0, len(text) - 1)))]  # cut short
    if kind == 5:
        return draw(st.text(ANY_CHARACTER, max_size=60))
    if kind == 6:
        size = draw(st.integers(wire.MAX_MESSAGE - 80, wire.MAX_MESSAGE + 8) | st.integers(0, 200_000))
        return '{"type": "act", "action": {"type": "pass", "decision": 1}, "pad": "' + "x" * size + '"}'
    if kind == 7:
        return draw(st.binary(max_size=48))
    if kind == 8:
        return encoded(draw, typed_message(draw, 1, 0)).encode("utf-8", "surrogatepass")  # a message, in binary
    prefix, suffix = [("\ufeff", ""), ("", "x"), ("", "}"), (" ", " \n"), ("", "\x00"), ("//", "")][draw(ONE_IN[6])]
    return prefix + encoded(draw, typed_message(draw, 1, 0)) + suffix


# --------------------------------------------------------------------------- the match under fuzz


@dataclass(frozen=True)
class Stored:
    """What a refused input must leave as it was: the version, the snapshot as stored, and the
    log's length, last record and last position."""

    version: int
    snapshot: Any
    log: tuple[int, int | None, int | None]


MATCH_TABLE, RECORD_TABLE = Match._meta.db_table, ActionRecord._meta.db_table
RECORD_MATCH = ActionRecord._meta.get_field("match").column
STORED_SQL = (f"SELECT m.version, m.snapshot, COUNT(r.id), MAX(r.id), MAX(r.seq) FROM {MATCH_TABLE} m "
              f"LEFT JOIN {RECORD_TABLE} r ON r.{RECORD_MATCH} = m.id WHERE m.id = %s GROUP BY m.id, m.version, m.snapshot")


def stored(match_id: int) -> Stored:
    """One query (each of 10,000 inputs is checked): the snapshot compared as the text stored."""
    with connection.cursor() as cursor:
        cursor.execute(STORED_SQL, [match_id])
        version, snapshot, count, last, seq = cursor.fetchone()
    return Stored(version, snapshot, (count, last, seq))


class Ledger:
    """The match's stored state as last seen: each input either leaves it as it was or, when the
    server acknowledged it as a new move, moves it on by exactly one version and one record."""

    def __init__(self, match: Match) -> None:
        self.match_id = match.pk
        self.seen = stored(match.pk)
        self.moves = 0
        self._state: api.GameState | None = None
        self._legal: dict[str, list[dict[str, Any]]] = {}

    def settle(self, acked: dict[str, Any] | None, what: Any) -> None:
        """After one input: `acked` is the server's ack of it, if any; `what` names the input."""
        now = stored(self.match_id)
        if acked is not None and not acked["duplicate"]:
            count, last, _ = self.seen.log
            assert acked["version"] == self.seen.version + 1 == now.version, (what, acked, self.seen.version)
            assert now.log[0] == count + 1 and now.log[1] > (last or 0) and now.log[2] == now.version, (what, now.log)
            self.seen, self.moves, self._state, self._legal = now, self.moves + 1, None, {}
        else:
            assert now == self.seen, f"a refused input changed the match: {what!r:.300}"

    @property
    def state(self) -> api.GameState:
        """The game as last seen (decoded once per move)."""
        if self._state is None:
            snapshot = self.seen.snapshot
            self._state = api.from_json(snapshot if isinstance(snapshot, dict) else orjson.loads(snapshot))
        return self._state

    @property
    def decision(self) -> int:
        return self.state.decision.id if self.state.decision is not None else 0

    @property
    def waiting(self) -> str:
        """The seat the game waits for (Sparta when none does)."""
        decision = self.state.decision
        return decision.side if decision is not None and decision.side else "sparta"

    def legal(self, side: str) -> list[dict[str, Any]]:
        """A sample of the side's legal actions now, a few of each type (never empty)."""
        if side not in self._legal:
            by_type: dict[str, list[dict[str, Any]]] = {}
            for action in itertools.islice(api.legal_actions(self.state, side), 3000):
                by_type.setdefault(action["type"], []).append(action)
            by_type.pop(flow.PASS, None)  # two passes and a famine can end a game on its first turn
            sample = [a for actions in by_type.values() for a in actions[:: max(1, len(actions) // 12)]]
            self._legal[side] = sample or [{"type": flow.PASS, "decision": self.decision}]
        return self._legal[side]


def check_typed_error(reply: Any, what: Any) -> None:
    """A typed error, and never the throttle: each input must be judged on what it is."""
    assert isinstance(reply, dict) and reply.get("type") == "error", (what, reply)
    assert isinstance(reply.get("code"), str) and reply["code"] and reply["code"] != "rate_limited", (what, reply)
    assert isinstance(reply.get("message"), str), (what, reply)


def session_cookie(user: Any) -> bytes:
    """A logged-in session for the socket's handshake (no password hashing: 10 users a run)."""
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


class Board:
    """One match watched by its two seats' sockets and a spectator's, all on one event loop that
    each example drives in turn (Hypothesis' tests are synchronous)."""

    def __init__(self, seed: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.match = active_match(seed)
        self.users = {"athens": self.match.athens, "sparta": self.match.sparta, "watcher": UserFactory()}
        self.cookies = {who: session_cookie(user) for who, user in self.users.items()}
        self.sockets = {who: self.run(self.connect(self.match.pk, who)) for who in self.users}
        assert all(isinstance(socket, WebsocketCommunicator) for socket in self.sockets.values()), self.sockets
        self.ledger = Ledger(self.match)
        self.sent = 0
        self.broken: str | None = None

    def run(self, coroutine: Any) -> Any:
        return self.loop.run_until_complete(coroutine)

    async def connect(self, match_id: Any, who: str) -> WebsocketCommunicator | int:
        """An open socket whose first messages (the state, then the chat so far) are read, or the
        close code."""
        socket = WebsocketCommunicator(application, f"/ws/match/{match_id}/",
                                       headers=[ORIGIN, (b"cookie", self.cookies[who])])
        connected, code = await socket.connect(timeout=REPLY_SECONDS)
        if not connected:
            return code
        first = await socket.receive_json_from(timeout=REPLY_SECONDS)
        assert first["type"] == "state" and first["match"] == self.match.pk, first
        history = await socket.receive_json_from(timeout=REPLY_SECONDS)
        assert history["type"] == "chat" and history["history"], history
        return socket

    def send(self, who: str, frame: str | bytes) -> list[dict[str, Any]]:
        """One input on `who`'s socket, then a ping: the replies before the pong are checked, the
        pong shows the socket open and the match's version as stored. Returns the answers (the
        replies that are not broadcasts)."""
        assert self.broken is None, f"a socket failed earlier: {self.broken}"
        try:
            replies, pong = self.run(self._exchange(self.sockets[who], frame))
        except BaseException as error:
            # Hypothesis runs the failing example again: it then names this first input.
            self.broken = f"{who}'s socket, after {frame[:500]!r}: {error!r}"
            raise
        self.sent += 1
        what = frame[:300]
        for reply in replies:
            assert isinstance(reply, dict) and reply.get("type") in WS_REPLIES, (what, reply)
            if reply["type"] == "error":
                check_typed_error(reply, what)
        answers = [reply for reply in replies if "latest" not in reply and reply["type"] not in CHAT_BROADCASTS]
        # A chat line or closing accepted is answered by its broadcast alone (which may come after
        # another socket's); anything else by one answer.
        assert [a["type"] for a in answers] in (["state", "log"], [], *([kind] for kind in WS_REPLIES)), (what, answers)
        assert answers or any(reply["type"] in CHAT_BROADCASTS for reply in replies), (what, replies)
        self.ledger.settle(answers[0] if answers and answers[0]["type"] == "ack" else None, what)
        assert pong["version"] == self.ledger.seen.version, (what, pong)
        return answers

    @staticmethod
    async def _exchange(socket: WebsocketCommunicator, frame: str | bytes) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """The replies to `frame` and the pong that follows them. An input that is itself a ping is
        answered by a pong: then the replies are that pong alone, and the next pong is ours (so an
        input left unanswered fails as a timeout)."""
        # As Daphne hands a frame over (`send_to` refuses an empty one, which a browser may send).
        await socket.send_input({"type": "websocket.receive",
                                 **({"bytes": frame} if isinstance(frame, bytes) else {"text": frame})})
        await socket.send_input({"type": "websocket.receive", "text": PING})
        replies: list[dict[str, Any]] = []
        while True:
            output = await socket.receive_output(timeout=REPLY_SECONDS)
            assert output["type"] == "websocket.send", f"the socket closed: {output}"
            reply = orjson.loads(output["text"])
            if reply.get("type") == "pong" and any("latest" not in r for r in replies):  # a chat broadcast counts
                return replies, reply
            replies.append(reply)

    def close(self) -> None:
        async def shut() -> None:
            for socket in self.sockets.values():
                await socket.disconnect()
            await asyncio.sleep(0.05)  # the turn notices `notify_later` scheduled
            pending = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)

        try:
            if self.broken is None:
                self.run(shut())
        finally:
            self.loop.close()


@pytest.fixture(autouse=True)
def _fast_and_unthrottled(monkeypatch: pytest.MonkeyPatch, settings: Any) -> None:
    """The socket's token bucket (20 at once, 10 a second) and the per-user counts (200 messages
    and 10 chat lines in 10 s and 30 s) would make 10,000 inputs take 20 minutes and answer `rate_limited` instead of judging each one
    (both are tested elsewhere; here `rate_limited` fails the test). Users get a cheap password hash,
    and the thousands of 4xx answers are not logged (a 5xx still is: it is an error)."""
    monkeypatch.setattr(consumers, "BURST", 10**9)
    monkeypatch.setattr(consumers, "RATE", 10.0**9)
    settings.SOCKET_RATE_PER_USER = "1000000000/s"
    settings.CHAT_RATE_PER_USER = "1000000000/s"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    monkeypatch.setattr(logging.getLogger("django.request"), "level", logging.ERROR)


@pytest.fixture
def board() -> Iterator[Callable[[str], Board]]:
    boards: list[Board] = []

    def make(seed: str) -> Board:
        boards.append(Board(seed))
        return boards[-1]

    yield make
    for each in boards:
        each.close()


def prompt_first(prefix: str) -> str:
    """A seed whose game opens on a question to a side (an event card's choice), not an action."""
    for n in range(200):
        seed = f"{prefix}-{n}"
        decision = api.new_game(api.Setup.from_seed(seed)).decision
        if decision is not None and decision.kind != flow.ACTION:
            return seed
    raise AssertionError(f"no seed {prefix}-0..199 opens on a prompt")


# --------------------------------------------------------------------------- websocket


# Each input is drawn by one composite strategy, made once per test, that reads the live match
# as it draws (Hypothesis' `data()` costs a third more a draw, and there are 10,000 inputs).


@st.composite
def messages(draw: st.DrawFn, live: Board) -> tuple[str, str]:
    """A socket and a message of any type: an action changed from a legal one, any action, any message, a sync."""
    ledger = live.ledger
    who = ((ledger.waiting,) * 4 + ("athens", "sparta", "watcher"))[draw(st.integers(0, 6))]
    kind = draw(ONE_IN[10])
    if kind <= 3:
        message = wrap(draw, mutated(draw, ledger.legal(who if who in SIDES else ledger.waiting)), ledger.seen.version)
    elif kind <= 6:
        message = wrap(draw, action_dict(draw, ledger.decision), ledger.seen.version)
    elif kind <= 8:
        message = typed_message(draw, ledger.decision, ledger.seen.version)
    else:
        message = {"type": "sync", "version": ledger.seen.version + draw(OFFSET) if draw(ONE_IN[2]) else draw(LEAVES)}
    return who, encoded(draw, message)


def fuzz_messages(live: Board, share: str) -> None:
    """Messages of every type, actions of every type and legal actions changed, on the three sockets."""

    @fuzz(share)
    @given(entry=messages(live))
    def one(entry: tuple[str, str]) -> None:
        live.send(*entry)

    one()
    assert live.sent >= SHARES[share]


def test_websocket_messages_and_actions_on_a_turn(board: Callable[[str], Board]) -> None:
    """Generated messages on a match that opens on Sparta's action: each refused with a typed code
    or answered, every socket still answering; the few legal moves among them are acknowledged."""
    live = board(sparta_first("fuzz-ws"))
    fuzz_messages(live, "ws_turn")
    assert live.ledger.moves  # the acknowledged path was taken too


def test_websocket_messages_and_answers_on_a_prompt(board: Callable[[str], Board]) -> None:
    """The same on a match that opens on an event card's question, where prompt answers are read."""
    live = board(prompt_first("fuzz-prompt"))
    assert live.ledger.state.decision.kind != flow.ACTION
    fuzz_messages(live, "ws_prompt")


def test_websocket_raw_frames(board: Callable[[str], Board]) -> None:
    """Any JSON value, deep nesting, cut or huge text, non-JSON, binary frames: refused or answered."""
    live = board(sparta_first("fuzz-raw"))

    @fuzz("ws_raw")
    @given(who=st.sampled_from(["athens", "sparta", "watcher"]), frame=st.composite(raw_frame)())
    def one(who: str, frame: str | bytes) -> None:
        answers = live.send(who, frame)
        if isinstance(frame, bytes) or len(frame) > wire.MAX_MESSAGE:
            check_typed_error(answers[0], frame[:200])

    one()
    assert live.sent >= SHARES["ws_raw"]


def test_websocket_paths_with_random_match_ids(board: Callable[[str], Board]) -> None:
    """A socket on a match id that does not exist is closed with 4404; one on the real id opens."""
    live = board(sparta_first("fuzz-paths"))
    sent = 0

    @fuzz("ws_paths")
    @given(match_id=st.one_of(st.integers(0, 10**18 - 1).map(str), st.just(str(live.match.pk)),
                              st.integers(0, 30).map(str), st.from_regex(r"\A0{0,5}[0-9]{1,12}\Z")),
           who=st.sampled_from(["athens", "sparta", "watcher"]))
    def one(match_id: str, who: str) -> None:
        nonlocal sent
        socket = live.run(live.connect(match_id, who))
        sent += 1
        if int(match_id) == live.match.pk:
            assert isinstance(socket, WebsocketCommunicator), (match_id, socket)
            live.run(socket.disconnect())
        else:
            assert socket == consumers.CLOSE_NO_MATCH, (match_id, socket)
        live.ledger.settle(None, match_id)

    one()
    assert sent >= SHARES["ws_paths"]


# --------------------------------------------------------------------------- HTTP


class Desk:
    """One match and a test client for each seat, a spectator and someone not logged in."""

    def __init__(self, seed: str) -> None:
        self.match = active_match(seed)
        users = {"athens": self.match.athens, "sparta": self.match.sparta, "watcher": UserFactory()}
        self.clients = {"anonymous": Client()}
        for who, user in users.items():
            self.clients[who] = Client()
            self.clients[who].force_login(user)
        self.ledger = Ledger(self.match)
        self.sent = 0

    def names_match(self, match_id: str) -> bool:
        return match_id.isascii() and match_id.isdigit() and len(match_id) <= 18 and int(match_id) == self.match.pk

    def answered(self, response: Any, what: Any) -> Any:
        """Never a 5xx; a JSON answer is a typed error or a normal reply. Returns the JSON, or None."""
        self.sent += 1
        assert response.status_code < 500, (what, response.status_code, response.content[:300])
        if not response.get("Content-Type", "").startswith("application/json"):
            return None
        if response.request["REQUEST_METHOD"] == "HEAD":  # the headers of a GET's answer, without its body
            assert response.content == b"", (what, response.content[:300])
            return None
        body = response.json()
        if response.status_code >= 400:
            check_typed_error(body, what)
        else:
            assert isinstance(body, dict) and body.get("type") in ("ack", "state"), (what, body)
        return body


MATCH_IDS = st.one_of(
    st.integers(0, 10**18 - 1).map(str), st.integers(10**18, 10**30).map(str), st.integers(0, 40).map(str),
    st.sampled_from(["-1", "1.0", "0x1", "1e3", "①", "١", "%00", "%FF", "..", "1%2F", "a", "%20", " 1", "0" * 19 + "1"]),
    st.text(st.characters(exclude_categories=("Cs",)), max_size=12).map(lambda s: quote(s, safe="")))


def path_id(draw: st.DrawFn, desk: Desk) -> str:
    """Mostly the real match's id; else anything, which may or may not name a match."""
    return str(desk.match.pk) if draw(ONE_IN[4]) else draw(MATCH_IDS)


def path_ids(desk: Desk) -> st.SearchStrategy[str]:
    """`path_id` as a strategy."""
    return st.composite(path_id)(desk)


def act_body(draw: st.DrawFn, desk: Desk, side: str) -> bytes:
    """A body for `act/`: what the websocket's `act` would carry, any frame, or bytes."""
    kind = draw(ONE_IN[10])
    ledger = desk.ledger
    if kind <= 2:
        message = wrap(draw, mutated(draw, ledger.legal(side)), ledger.seen.version)
    elif kind <= 4:
        message = wrap(draw, action_dict(draw, ledger.decision), ledger.seen.version)
    elif kind == 5:
        message = typed_message(draw, ledger.decision, ledger.seen.version)
    else:
        frame = raw_frame(draw)
        return frame if isinstance(frame, bytes) else frame.encode("utf-8", "surrogatepass")
    text = encoded(draw, message)
    how = draw(ONE_IN[10])
    if how == 0:
        return b"\xff\xfe" + text.encode("utf-8", "surrogatepass")  # not UTF-8
    if how == 1:
        return text.encode("utf-16", "surrogatepass")
    return text.encode("utf-8", "surrogatepass")


CONTENT_TYPES = ["application/json"] * 4 + ["text/plain", "application/x-www-form-urlencoded",
                                            "multipart/form-data; boundary=x", "application/json; charset=latin-1"]


@st.composite
def act_requests(draw: st.DrawFn, desk: Desk) -> tuple[str, str, bytes, str]:
    """Who posts, to which id, what body, as which content type."""
    side = desk.ledger.waiting
    who = ((side,) * 5 + ("athens", "sparta", "watcher", "anonymous"))[draw(st.integers(0, 8))]
    return who, path_id(draw, desk), act_body(draw, desk, who if who in SIDES else side), pick(draw, CONTENT_TYPES)


def test_http_act_bodies() -> None:
    """`POST /matches/api/<id>/act/` with generated bodies, as each seat, a spectator and no one."""
    desk = Desk(sparta_first("fuzz-http"))

    @fuzz("http_act")
    @given(request=act_requests(desk))
    def one(request: tuple[str, str, bytes, str]) -> None:
        who, match_id, body, content_type = request
        response = desk.clients[who].generic("POST", f"/matches/api/{match_id}/act/", data=body, content_type=content_type)
        reply = desk.answered(response, body[:300])
        if desk.names_match(match_id):
            assert reply is not None, (body[:300], response.status_code, response.content[:300])
        acked = reply if reply is not None and reply["type"] == "ack" else None
        if acked is not None:
            assert response.status_code == 200 and desk.names_match(match_id) and who in SIDES, (body[:300], reply)
        desk.ledger.settle(acked, body[:300])

    one()
    assert desk.sent >= SHARES["http_act"]


def open_api_body(draw: st.DrawFn, desk: Desk, side: str) -> bytes:
    """A body for the open API's act: an `act/` body without the socket's envelope (its type and
    request; an options query's partial sent as the action), so that most reach the engine."""
    body = act_body(draw, desk, side)
    try:
        message = orjson.loads(body)
    except orjson.JSONDecodeError:
        return body
    if not isinstance(message, dict) or message.get("type") not in ("act", "price", "options"):
        return body
    message.pop("type")
    message.pop("request", None)
    if "partial" in message:
        message["action"] = message.pop("partial")
    return orjson.dumps(message)


def test_open_api_act_bodies(settings: Any) -> None:
    """`POST /api/v1/matches/<id>/act` (issue 55) with generated bodies, with each seat's token, a
    spectator's, a token without the play scope, a revoked one and none: the page's checks."""
    from polis_site.api import tokens

    settings.API_RATE_PER_TOKEN = "1000000/10s"  # each input judged on what it is, not on the rate
    desk = Desk(sparta_first("fuzz-open-api"))
    users = {"athens": desk.match.athens, "sparta": desk.match.sparta, "watcher": UserFactory()}
    headers = {who: {"HTTP_AUTHORIZATION": f"Bearer {tokens.issue(user, 'fuzz', ['read', 'play'])[1]}"}
               for who, user in users.items()}
    headers["read_only"] = {"HTTP_AUTHORIZATION": f"Bearer {tokens.issue(users['athens'], 'ro', ['read'])[1]}"}
    revoked, raw = tokens.issue(users["sparta"], "gone", ["read", "play"])
    tokens.revoke(users["sparta"], revoked.pk)
    headers["revoked"], headers["anonymous"] = {"HTTP_AUTHORIZATION": f"Bearer {raw}"}, {}
    client = Client()

    @fuzz("open_api_act")
    @given(data=st.data())
    def one(data: st.DataObject) -> None:
        side = desk.ledger.waiting
        who = data.draw(st.sampled_from((side,) * 5 + ("athens", "sparta", "watcher", "read_only", "revoked",
                                                        "anonymous")))
        match_id = data.draw(path_ids(desk))
        body = data.draw(st.composite(open_api_body)(desk, who if who in SIDES else side))
        content_type = data.draw(st.sampled_from(CONTENT_TYPES))
        response = client.generic("POST", f"/api/v1/matches/{match_id}/act", data=body, content_type=content_type,
                                  **headers[who])
        reply = desk.answered(response, body[:300])
        acked = reply if reply is not None and reply["type"] == "ack" else None
        if acked is not None:
            assert desk.names_match(match_id) and who in SIDES, (body[:300], reply)
        desk.ledger.settle(acked, body[:300])

    one()
    assert desk.sent >= SHARES["open_api_act"]


SINCE = st.one_of(st.text(st.characters(exclude_categories=("Cs",)), max_size=16), st.integers().map(str),
                  st.sampled_from(["0", "1", "999999999", "1000000000", "-0", "+1", " 1", "1 ", "0" * 10_000,
                                   "1e3", "0x10", "٣", "²", "", "\x00", "NaN"]),
                  st.binary(max_size=12))


def test_http_state_since() -> None:
    """`GET /matches/api/<id>/state/?since=...`: a version gives the log, anything else a 400."""
    desk = Desk(sparta_first("fuzz-since"))

    @fuzz("http_since")
    @given(who=st.sampled_from(["athens", "sparta", "watcher", "anonymous"]), target=path_ids(desk), since=SINCE)
    def one(who: str, target: str, since: str | bytes) -> None:
        client, path = desk.clients[who], f"/matches/api/{target}/state/"
        if isinstance(since, bytes):  # percent-encoded as sent, whatever it decodes to
            response = client.get(f"{path}?since={quote_from_bytes(since)}")
        else:
            response = client.get(path, {"since": since})
        body = desk.answered(response, (target, since))
        if desk.names_match(target) and who != "anonymous":
            text = since.decode("utf-8", "replace") if isinstance(since, bytes) else since
            version = text.isascii() and text.isdigit() and len(text) <= 9
            assert response.status_code == (200 if version else 400), (since, response.status_code)
            assert body["type"] == "state" and isinstance(body["log"], list) if version else body["code"] == "malformed"
        desk.ledger.settle(None, (target, since))

    one()
    assert desk.sent >= SHARES["http_since"]


def test_http_join_resign_claim_on_random_ids() -> None:
    """Join, resign and claim (and the API's two paths) on any id, by anyone, with any method: never
    a 5xx, and the match stays as it was (a seat resigning is the one legal move, left out)."""
    desk = Desk(sparta_first("fuzz-posts"))

    @fuzz("http_posts")
    @given(target=path_ids(desk), who=st.sampled_from(["athens", "sparta", "watcher", "anonymous"]),
           endpoint=st.sampled_from(["join", "resign", "claim", "act", "state"]),
           method=st.sampled_from(["post"] * 6 + ["get", "put", "delete", "head", "options"]))
    def one(target: str, who: str, endpoint: str, method: str) -> None:
        if endpoint == "resign" and who in SIDES and desk.names_match(target):
            who = "watcher"  # a seat may resign: that ends the match, legally
        path = f"/matches/api/{target}/{endpoint}/" if endpoint in ("act", "state") else f"/matches/{target}/{endpoint}/"
        response = getattr(desk.clients[who], method)(path)
        desk.answered(response, (method, path, who))
        desk.ledger.settle(None, (method, path, who))

    one()
    assert desk.sent >= SHARES["http_posts"]
