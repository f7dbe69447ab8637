"""Issue 55: the open API's calls, on the very services the page uses: a whole match between two
accounts played through them alone, every refusal typed and changing nothing, and the schema,
valid OpenAPI 3, every operation of which a test calls."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import resolve
from openapi_spec_validator import validate

from engine import api, players, playout
from polis_site.api.v1 import api as open_api
from polis_site.api import codes, streams, wire
from polis_site.lobby import services as lobby
from polis_site.matches import services
from polis_site.matches.models import ActionRecord, Match
from polis_site.ratings import profiles
from polis_site.ratings.models import RatingChange
from polis_site.tournaments import services as tournaments
from tests.api.support import Caller
from tests.matches.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def unthrottled(settings) -> None:  # type: ignore[no-untyped-def]
    settings.API_RATE_PER_TOKEN = "100000/10s"  # a whole match played as fast as the test can


class Recording(Caller):
    """A caller that notes which of the schema's operations it called."""

    called: set[tuple[str, str]] = set()

    def call(self, method: str, path: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        route = resolve(f"/api/v1{path.split('?')[0]}").route.removeprefix("api/v1")
        Recording.called.add((method.lower(), "/api/v1" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route)))
        return super().call(method, path, *args, **kwargs)


def operations() -> set[tuple[str, str]]:
    schema = open_api.get_openapi_schema()
    return {(method, path) for path, item in schema["paths"].items() for method in item}


def test_the_docs_list_every_refusal_code_with_the_status_the_server_answers() -> None:
    """docs/api.md's list of codes is the one table's (`manage.py apicodes --write` makes it), and
    each status in it is the one a refusal of that code gets: a bot author reads what comes."""
    page = codes.PAGE.read_text()
    assert codes.current(page) == page, "docs/api.md's refusal codes are stale: python manage.py apicodes --write"
    assert "| 409 | `stale_decision` |" in page and "| 400 | `bad_number` |" in page
    assert "| 401 | `token_revoked` |" in page and "| 429 | `rate_limited` |" in page
    # Every code the API's own errors raise with a status of their own is listed with that status.
    for path in (Path(codes.__file__).parent).glob("*.py"):
        for code, status in re.findall(r'code="([a-z_]+)",\s*status=([0-9]{3})', path.read_text()):
            assert f"| {status} | `{code}` |" in page, (path.name, code, status)


def test_the_schema_is_valid_openapi_3_and_served_at_its_addresses(client: Client) -> None:
    schema = client.get("/api/v1/schema/").json()
    validate(schema)
    assert schema["openapi"].startswith("3.") and schema["info"]["version"] == "1"
    assert client.get("/api/schema/")["Location"] == "/api/v1/schema/"
    assert client.get("/api/docs/")["Location"] == "/api/v1/docs/"
    docs = client.get("/api/v1/docs/")
    assert docs.status_code == 200 and b"swagger-ui" in docs.content
    # A match's notation is text, as it is served (a tour's client generated from the schema parsed JSON).
    notation = schema["paths"]["/api/v1/matches/{match_id}/notation"]["get"]["responses"]["200"]
    assert list(notation["content"]) == ["text/plain"]
    # Every action and prompt answer of the engine is documented in the act body's schema.
    documented = {variant["title"] for variant in wire.schema()["oneOf"]}
    assert documented >= {"pass", "move_hoplites", "lay_siege", "attack", "defend", "feed", "grow", "discard_project"}


def test_every_action_the_engine_makes_fits_the_documented_wire_format() -> None:
    from openapi_schema_validator import validate as valid_json

    schema = wire.schema()
    checked = set()

    def every_legal_action_fits(state: api.GameState) -> None:
        decision = state.decision
        if state.outcome is None and decision is not None and decision.side is not None:
            for action in list(api.legal_actions(state, decision.side))[:30]:
                valid_json(action, schema)
                checked.add(action["type"])

    for edition in ("2020", "2012"):
        for game in range(3):
            playout.play(f"wire-{edition}-{game}", observe=every_legal_action_fits, edition=edition)
    assert {"pass", "move_hoplites", "trade"} <= checked and len(checked) >= 10


def test_two_accounts_play_a_whole_match_through_the_api_and_every_operation_is_called() -> None:
    Recording.called = set()
    athens_user, sparta_user = UserFactory(), UserFactory()
    athens, sparta = Recording(athens_user), Recording(sparta_user)
    status, made = athens.call("POST", f"/challenges/users/{sparta_user.username}", {"side": "athens", "rated": True})
    assert status == 200 and made["status"] == "open" and made["challenged"]["username"] == sparta_user.username
    assert sparta.call("GET", "/challenges")[1]["incoming"][0]["id"] == made["id"]
    assert athens.call("GET", "/challenges")[1]["outgoing"][0]["id"] == made["id"]
    status, accepted = sparta.call("POST", f"/challenges/{made['id']}/accept")
    assert status == 200 and accepted["status"] == "active"
    match_id = made["id"]
    seats = {"athens": athens, "sparta": sparta}
    decide = players.player("random").decide
    rng = random.Random("api-whole-match")
    assert [m["id"] for m in athens.call("GET", "/matches")[1]] == [match_id]
    acted = 0
    for _ in range(3000):
        state = athens.call("GET", f"/matches/{match_id}")[1]
        if state["status"] == "finished":
            break
        caller = seats[state["waiting_for"]]
        mine = caller.call("GET", f"/matches/{match_id}?since={state['version']}")[1]
        assert mine["prompts"] and mine["log"] == []
        if acted == 0:
            status, options = caller.call("POST", f"/matches/{match_id}/options", {"partial": {}})
            assert status == 200 and options["version"] == mine["version"]
            assert isinstance(options["options"]["next"], str)  # the field the owed decision asks first
        action = decide(mine["view"], rng)
        status, ack = caller.call("POST", f"/matches/{match_id}/act", {
            "action": action, "version": mine["version"], "client_action_id": f"a{mine['version']}"})
        assert status == 200 and ack["type"] == "ack" and ack["version"] == mine["version"] + 1, ack
        acted += 1
    else:
        raise AssertionError("the match did not end")
    assert state["ending"]["en"] and Match.objects.get(pk=match_id).status == "finished"
    assert ActionRecord.objects.filter(match_id=match_id).count() == state["version"] == acted
    # The rest of the operations, each once.
    assert athens.call("POST", f"/matches/{match_id}/chat", {"text": "εὖ γε"})[0] in (200, 409)  # chat closes a day after
    assert athens.call("GET", f"/matches/{match_id}/chat")[0] == 200
    assert athens.call("GET", f"/matches/{match_id}/notation")[0] == 200
    assert athens.call("POST", f"/matches/{match_id}/abort")[1]["code"] == "game_over"
    assert athens.call("POST", f"/matches/{match_id}/options", {"partial": {}})[1]["code"] == "game_over"
    assert [m["id"] for m in athens.call("GET", "/matches?finished=true")[1]] == [match_id]
    assert athens.call("POST", f"/matches/{match_id}/resign")[1]["code"] == "game_over"
    assert athens.call("POST", f"/matches/{match_id}/claim")[1]["code"] == "game_over"
    assert athens.call("POST", "/challenges/computer", {"level": "easy", "side": "athens"})[0] == 200
    declined = athens.call("POST", f"/challenges/users/{sparta_user.username}", {})[1]
    status, said = sparta.call("POST", f"/challenges/{declined['id']}/decline", {"reason": "later"})
    assert (status, said["status"], said["reason"]) == (200, "declined", "later")
    cancelled = athens.call("POST", f"/challenges/users/{sparta_user.username}", {})[1]
    assert athens.call("POST", f"/challenges/{cancelled['id']}/cancel")[1]["status"] == "cancelled"
    assert not Match.objects.filter(pk__in=[declined["id"], cancelled["id"]]).exists()
    assert athens.call("GET", "/account")[0] == 200
    bot_user = UserFactory()
    bot = Recording(bot_user)
    assert bot.call("POST", "/account/bot")[0] == 200
    # The lobby's open challenges: a bot sees and takes only those that allow bots.
    for_people = athens.call("POST", "/challenges/open", {"side": "athens"})[1]
    for_bots = athens.call("POST", "/challenges/open", {"side": "sparta", "bots_allowed": True, "days_per_move": 3})[1]
    assert {c["id"] for c in sparta.call("GET", "/challenges/open")[1]} >= {for_people["id"], for_bots["id"]}
    assert [c["id"] for c in bot.call("GET", "/challenges/open")[1]] == [for_bots["id"]]
    status, refused = bot.call("POST", f"/challenges/{for_people['id']}/join")
    assert (status, refused["code"]) == (409, "bots_not_allowed")
    status, joined = bot.call("POST", f"/challenges/{for_bots['id']}/join")
    assert status == 200 and joined["status"] == "active" and joined["seat"] == "athens" and joined["rated"] is False
    listed = {b["username"]: b for b in athens.call("GET", "/bots")[1]}
    assert listed[bot_user.username]["online"] is False  # no event stream open (the live tests open one)
    # Tournaments (played through in test_api_tournaments.py): listed, read, joined and left.
    cup = tournaments.create(athens_user, "Cup", "swiss", rounds=1, min_players=2, max_players=4, rated=False)
    assert athens.call("POST", f"/tournaments/{cup.pk}/join")[1]["entered"] is True
    assert [t["id"] for t in athens.call("GET", "/tournaments")[1]] == [cup.pk]
    assert athens.call("GET", f"/tournaments/{cup.pk}")[1]["name"] == "Cup"
    assert athens.call("POST", f"/tournaments/{cup.pk}/withdraw")[1]["entered"] is False
    # The streams are served in front of Django, and read on a live process (test_api_live.py).
    assert Recording.called == operations() - {("get", path) for path in streams.OPENAPI}


def test_a_computer_match_resigned_and_chatted_over_the_api() -> None:
    user = UserFactory()
    caller = Caller(user)
    status, summary = caller.call("POST", "/challenges/computer", {"level": "medium", "side": "sparta",
                                                                  "ruleset": "2012"})
    assert status == 200 and summary["seat"] == "sparta" and summary["players"]["athens"]["computer"] == "medium"
    assert summary["ruleset"] == "2012" and summary["status"] == "active"
    assert summary["rated"] is False and summary["deadline"] is None and summary["winner"] is None
    assert caller.call("POST", f"/matches/{summary['id']}/chat", {"text": "χαῖρε"}) == (200, {"ok": True, "match": None})
    status, history = caller.call("GET", f"/matches/{summary['id']}/chat")
    assert status == 200 and [(line["side"], line["text"]) for line in history["lines"]] == [("sparta", "χαῖρε")]
    status, early = caller.call("GET", f"/matches/{summary['id']}/notation")
    assert (status, early["code"]) == (409, "not_finished")
    status, done = caller.call("POST", f"/matches/{summary['id']}/resign")
    assert status == 200 and done["match"]["status"] == "finished"
    assert (done["match"]["winner"], done["match"]["reason"]) == ("athens", "resigned")
    status, text = caller.call("GET", f"/matches/{summary['id']}/notation")
    assert status == 200 and b'[Result "athens"]' in text, text[:300]
    status, plain = caller.call("POST", "/challenges/computer")  # no body: easy, a side drawn
    assert status == 200 and plain["status"] == "active"
    assert "easy" in {seat.get("computer") for seat in plain["players"].values()}


def test_the_chat_past_its_rate_says_when_to_write_again(settings) -> None:  # type: ignore[no-untyped-def]
    caller = Caller(UserFactory())
    _, summary = caller.call("POST", "/challenges/computer", {"side": "athens"})
    path = f"/api/v1/matches/{summary['id']}/chat"
    answers = [caller.client.post(path, data=json.dumps({"text": f"line {n}"}), content_type="application/json",
                                  HTTP_AUTHORIZATION=f"Bearer {caller.raw}") for n in range(30)]
    refused = [a for a in answers if a.status_code == 429]
    assert refused, [a.status_code for a in answers]
    body = refused[0].json()
    assert body["code"] == "rate_limited" and body["retry_after"] > 0 and int(refused[0]["Retry-After"]) >= 1


def test_the_options_walk_ends_for_a_pass_and_every_operation_documents_its_refusals(client: Client) -> None:
    me = UserFactory()
    caller = Caller(me)
    match = services.create_match(me, services.FIRST, seed="api-bad-input-1", computer="easy")  # a turn's action first
    status, answer = caller.call("POST", f"/matches/{match.pk}/options", {"partial": {"type": "pass"}})
    assert status == 200 and answer["options"] == {"type": "pass", "next": None, "done_allowed": True}
    schema = client.get("/api/v1/schema/").json()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            assert {"401", "403", "429"} <= set(operation["responses"]), (method, path)
            assert method == "get" or {"400", "413"} <= set(operation["responses"]), (method, path)
            assert operation["operationId"].isidentifier() and "polis_site" not in operation["operationId"]
    assert "Since" not in schema["components"]["schemas"]
    days = schema["components"]["schemas"]["ChallengeIn"]["properties"]["days_per_move"]
    assert {1, 2, 3, 5, 7, 14} == set(next(o for o in days["anyOf"] if "enum" in o)["enum"]), days


BAD = [
    ("POST", "/matches/{m}/act", b"{", 400, "malformed"),
    ("POST", "/matches/{m}/act", b"[]", 400, "malformed"),
    ("POST", "/matches/{m}/act", json.dumps({"action": "pass"}).encode(), 400, "malformed"),
    ("POST", "/matches/{m}/act", json.dumps({"action": {}, "extra": 1}).encode(), 400, "malformed"),
    ("POST", "/matches/{m}/act", b'{"action": {"type": "warp", "decision": DECISION}}', 400, "unknown_action"),
    ("POST", "/matches/{m}/act", b'{"action": {"type": "pass", "decision": 12345}}', 409, "stale_decision"),
    ("POST", "/matches/{m}/act", b'{"action": {"type": "pass", "decision": DECISION}, "version": 99}', 409,
     "stale_version"),
    ("POST", "/matches/{m}/act", json.dumps({"action": {"type": "pass"}, "client_action_id": "x" * 65}).encode(), 400,
     "malformed"),
    ("POST", "/matches/{m}/act", b'{"action": {"type": "lay_siege", "decision": DECISION, "polis": "sparta"}}', 403,
     "not_seated"),
    ("POST", "/matches/999999/act", json.dumps({"action": {"type": "pass"}}).encode(), 404, "no_such_match"),
    ("POST", "/matches/abc/act", json.dumps({"action": {"type": "pass"}}).encode(), 404, "not_found"),
    ("POST", "/matches/1234567890123456789/act", json.dumps({"action": {"type": "pass"}}).encode(), 404, "not_found"),
    ("POST", "/matches/{m}/options", json.dumps({"partial": {"type": "warp"}}).encode(), 400, "unknown_action"),
    ("POST", "/matches/{m}/options", json.dumps({"partial": []}).encode(), 400, "malformed"),
    ("POST", "/matches/{m}/options", b'{"partial": {"type": "pass", "decision": 12345}}', 409, "stale_decision"),
    ("POST", "/matches/{m}/options", b'{"partial": {"decision": "1"}}', 400, "bad_number"),
    ("POST", "/matches/{m}/act", b'{"action": {"type": "pass"}}', 400, "missing_field"),
    ("POST", "/matches/{m}/act", b'{"action": {"type": "pass", "decision": 3.5}}', 400, "bad_number"),
    ("GET", "/matches/{m}?since=1000", b"", 400, "malformed"),
    ("POST", "/matches/{m}/act", b'{"action": {"type": "pass", "decision": DECISION}, "version": true}', 400,
     "malformed"),
    ("POST", "/matches/{m}/options", b'{"partial": {"type": "create_galleys", "polis": "athinae", "seas": 5}}', 400,
     "bad_counts"),
    ("POST", "/matches/{m}/options",
     b'{"partial": {"type": "move_hoplites", "destination": "attika", "origins": "attika"}}', 400, "bad_list"),
    ("POST", "/matches/{m}/options", b'{"partial": {"type": "pass", "extra": "wine"}}', 400, "unknown_field"),
    ("POST", "/matches/{m}/options", b'{"partial": {"type": "pass"}, "x": "' + b"x" * 3_000_000 + b'"}', 413,
     "too_large"),
    ("POST", "/matches/{m}/act", b'{"action": {"type": "pass"}, "x": "' + b"x" * 3_000_000 + b'"}', 413, "too_large"),
    ("POST", "/matches/{m}/chat", b'{"text": "' + b"x" * 3_000_000 + b'"}', 413, "too_large"),
    ("GET", "/matches/{m}?since=-4", b"", 400, "malformed"),
    ("GET", "/matches/{m}?since=x", b"", 400, "malformed"),
    ("POST", "/challenges/users/nobody-here", b"{}", 404, "no_such_player"),
    ("POST", "/challenges/users/{me}", b"{}", 400, "not_a_player"),
    ("POST", "/challenges/users/{other}", json.dumps({"side": "thebes"}).encode(), 400, "malformed"),
    ("POST", "/challenges/users/{other}", json.dumps({"ruleset": "1990"}).encode(), 400, "malformed"),
    ("POST", "/challenges/users/{other}", json.dumps({"clock": "1+0"}).encode(), 400, "malformed"),
    ("POST", "/challenges/users/{other}", json.dumps({"days_per_move": 4}).encode(), 400, "malformed"),
    ("POST", "/challenges/computer", json.dumps({"level": "godlike"}).encode(), 400, "malformed"),
    ("POST", "/challenges/{m}/accept", b"", 403, "not_yours"),
    ("POST", "/challenges/{m}/cancel", b"", 403, "not_yours"),
    ("POST", "/challenges/999999/decline", b"", 404, "no_such_match"),
    ("POST", "/matches/{m}/chat", json.dumps({"text": ""}).encode(), 400, "empty_message"),
    ("GET", "/nowhere", b"", 404, "not_found"),
    ("DELETE", "/account", b"", 405, "method_not_allowed"),
]


@pytest.mark.parametrize("method, path, body, status, code", BAD, ids=[f"{m} {p} {c}" for m, p, _, _, c in BAD])
def test_bad_input_is_refused_typed_and_changes_nothing(method: str, path: str, body: bytes, status: int,
                                                        code: str) -> None:
    me, other = UserFactory(), UserFactory()
    caller = Caller(me)
    # A seed whose first decision is a turn's action (some open on an event card's choice), mine.
    match = services.create_match(me, services.FIRST, seed="api-bad-input-1", computer="easy")
    if "not_seated" == code:  # a match of others'
        match = services.create_match(other, services.FIRST, seed="api-bad-input-1", computer="easy")
    assert match.state().decision.kind == "action"
    body = body.replace(b"DECISION", str(match.state().decision.id).encode())
    if "accept" in path or "cancel" in path:  # someone else's challenge, to someone else
        match = lobby.challenge(other, UserFactory().username)
    before = (Match.objects.get(pk=match.pk).version, ActionRecord.objects.count(), Match.objects.count())
    target = path.format(m=match.pk, me=me.username, other=other.username)
    got, answer = caller.call(method, target, raw_body=body)
    assert (got, answer["type"], answer["code"]) == (status, "error", code), answer
    assert answer["message"] and "Traceback" not in answer["message"]
    if answer["code"] == "malformed" and b"days_per_move" in body:
        assert "days_per_move" in answer["message"]  # the field the caller sent, not the server's own name
    if path.endswith(("/act", "/options")) and "{m}" in path and code not in ("malformed", "too_large", "not_seated"):
        assert answer["state"]["version"] == before[0]  # the match as it now stands, for the caller's seat
    assert (Match.objects.get(pk=match.pk).version, ActionRecord.objects.count(), Match.objects.count()) == before


def test_a_token_past_its_rate_is_refused_with_when_to_try_again(settings) -> None:  # type: ignore[no-untyped-def]
    settings.API_RATE_PER_TOKEN = "3/h"  # no three calls of a busy machine outlast it
    caller, other = Caller(UserFactory(), ("read",)), Caller(UserFactory(), ("read",))
    assert [caller.call("GET", "/account")[0] for _ in range(3)] == [200, 200, 200]
    response = caller.client.get("/api/v1/account", HTTP_AUTHORIZATION=f"Bearer {caller.raw}")
    body = response.json()
    assert (response.status_code, body["code"]) == (429, "rate_limited") and 0 < body["retry_after"] <= 3600
    assert 1 <= int(response["Retry-After"]) <= 3600
    assert other.call("GET", "/account")[0] == 200  # per token


def test_a_match_aborted_before_both_sides_decided_counts_for_nothing() -> None:
    """Abort: while at most one side has decided, either seat ends the match with no winner, no
    rating change and no count in anyone's reliability; once both have, it is too late."""
    first_user, second_user = UserFactory(), UserFactory()
    callers = {"first": Caller(first_user), "second": Caller(second_user)}
    made = callers["first"].call("POST", f"/challenges/users/{second_user.username}",
                                 {"side": "athens", "rated": True, "days_per_move": 3})[1]
    callers["second"].call("POST", f"/challenges/{made['id']}/accept")
    seats = {"athens": callers["first"], "sparta": callers["second"]}
    state = callers["first"].call("GET", f"/matches/{made['id']}")[1]
    assert state["may_abort"] is True
    mover = seats[state["waiting_for"]]
    prompt = mover.call("GET", f"/matches/{made['id']}")[1]["prompts"][0]
    action = next(api.legal_actions(Match.objects.get(pk=made["id"]).state(), state["waiting_for"]))
    assert mover.call("POST", f"/matches/{made['id']}/act", {"action": action, "version": state["version"]})[0] == 200
    assert prompt["decision"] == action["decision"]
    other = callers["second"] if mover is callers["first"] else callers["first"]
    assert other.call("GET", f"/matches/{made['id']}")[1]["may_abort"] is True  # one side has decided
    status, done = other.call("POST", f"/matches/{made['id']}/abort")
    assert status == 200 and (done["match"]["status"], done["match"]["winner"], done["match"]["reason"]) == (
        "finished", None, "aborted") and done["match"]["rated"] is False
    assert not RatingChange.objects.filter(match_id=made["id"]).exists()
    assert profiles.reliability_of(first_user.pk) is None and profiles.reliability_of(second_user.pk) is None
    aborted = Match.objects.get(pk=made["id"])
    assert profiles.row(aborted, first_user)["result"] == "aborted"  # said "Aborted", not a shared game
    assert profiles.profile(first_user)["record"]["athens"] == {"won": 0, "lost": 0, "drawn": 0}
    status, text = other.call("GET", f"/matches/{made['id']}/notation")  # no result, not a shared one
    assert status == 200 and b'[Result "*"]' in text and b'[Ending "aborted"]' in text, text[:400]
    # A match both sides have begun is resigned, not aborted.
    begun = services.create_match(first_user, "athens", move_days=3)
    begun = lobby.join_match(second_user, begun.pk)
    users = {"athens": first_user, "sparta": second_user}
    for _ in range(40):
        begun.refresh_from_db()
        if not begun.may_abort():
            break
        side = begun.waiting_for
        legal = list(api.legal_actions(begun.state(), side))
        acting = [a for a in legal if a["type"] != "pass"] or legal  # two passes would end the round, and the game
        services.submit_action(begun.pk, users[side], acting[0], f"b{begun.version}", None)
    status, refused = callers["first"].call("POST", f"/matches/{begun.pk}/abort")
    assert (status, refused["code"]) == (409, "too_late_to_abort")


def test_a_client_action_id_is_one_action_sent_again_never_another() -> None:
    me = UserFactory()
    caller = Caller(me)
    match = services.create_match(me, services.FIRST, seed="api-bad-input-1", computer="easy")
    state = match.state()
    side = state.decision.side
    first, *others = api.legal_actions(state, side)
    sent = {"action": first, "version": 0, "client_action_id": "same"}
    assert caller.call("POST", f"/matches/{match.pk}/act", sent)[0] == 200
    again = caller.call("POST", f"/matches/{match.pk}/act", sent)[1]
    assert again["duplicate"] is True  # the same action sent again: answered, not played twice
    other = next(a for a in others if a["type"] != first["type"])
    status, refused = caller.call("POST", f"/matches/{match.pk}/act", {**sent, "action": other})
    assert (status, refused["code"]) == (409, "client_action_id_reused")
    assert Match.objects.get(pk=match.pk).version == 1
    # Not the caller's decision now (the computer's): options refuse as act does.
    if Match.objects.get(pk=match.pk).waiting_for != side:
        status, refused = caller.call("POST", f"/matches/{match.pk}/options", {"partial": {}})
        assert (status, refused["code"]) == (409, "not_your_decision")
