"""Issue 55 on a real Daphne process (the embedded default): examples/bot.py, as its README says to
run it, plays a whole match against another bot and one against the site's computer over the API
alone; every frame of a match's stream is the seat's own view (battle hands hidden); a stream opened
again with `since` misses nothing; and a revoked token's open streams close at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from itertools import count
from typing import Any

import pytest

from benchmarks import api_load
from benchmarks.client import SiteUser
from engine import api, players
from examples import bot as example
from tests.support.services import REPO, DaphneProcess, embedded_site, manage
from tests.support.waiting import WAIT

pytestmark = pytest.mark.services

NAMES = count()
BOT = REPO / "examples" / "bot.py"
#: Answers to prompts (not a turn's action).
PROMPT_ANSWERS = {"attack", "defend", "fight_on", "retreat", "grow", "feed", "event", "phoros", "discard_project",
                  "choose_battle", "double", "decline"}


@pytest.fixture(scope="module")
def site() -> Iterator[DaphneProcess]:
    with embedded_site("polis-api-", COMPUTER_PAUSE="0", COMPUTER_PROCESSES="1", API_STREAM_KEEPALIVE="2",
                       OPPONENT_GONE_AFTER="3",
                       API_RATE_PER_TOKEN="100000/10s", ECHO_SOCKET="1") as site:  # the load script's echo
        yield site


def account(site: DaphneProcess, scopes: tuple[str, ...] = ("read", "play", "challenge", "bot")) -> tuple[SiteUser, str]:
    user = SiteUser(site.base_url, f"bot{next(NAMES)}{os.getpid() % 1000}").sign_up()
    return user, user.make_token("the bot", scopes)


def run_bot(site: DaphneProcess, token: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(BOT), "--server", site.base_url, "--token", token, *args],
                            cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def finished(process: subprocess.Popen[str], timeout: float) -> str:
    try:
        out, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, _ = process.communicate()
        raise AssertionError(f"the bot did not finish in {timeout} s:\n{out[-3000:]}") from None
    assert process.returncode == 0, out[-3000:]
    return out


@pytest.mark.parametrize("ruleset", ["2020", "2012"])
def test_two_bots_play_a_whole_match_against_each_other_over_the_api(site: DaphneProcess, ruleset: str) -> None:
    """Two bots built from docs/api.md alone (HTTP, the options walk) play a whole game, and answer
    whatever prompts it asks; their battles are fought in the stream test below (a game imported at
    a battle)."""
    (first, first_token), (second, second_token) = account(site), account(site)
    waiting = run_bot(site, second_token, "--become-bot", "--games", "1", "--rulesets", ruleset)
    time.sleep(1.5)  # its event stream open before the challenge comes (a later one would list it too)
    challenger = run_bot(site, first_token, "--become-bot", "--challenge", second.username, "--games", "1",
                         "--ruleset", ruleset)
    out = finished(challenger, 240) + finished(waiting, 60)
    assert f"playing as BOT {first.username}" in out and f"playing as BOT {second.username}" in out
    client = example.Client(site.base_url, first_token)
    ended = [line for line in out.splitlines() if line.startswith("match ")]
    assert len(ended) == 2 and ended[0].split(":")[0] == ended[1].split(":")[0], out
    match_id = int(ended[0].split()[1].rstrip(":"))
    state = client.call("GET", f"/matches/{match_id}?since=0")
    # Played to an end the rules made (a random player's game may end early, by famine or prestige).
    assert state["status"] == "finished" and state["view"]["outcome"] is not None
    assert {entry["side"] for entry in state["log"] if "side" in entry} == {"athens", "sparta"}
    assert state["players"] == {"athens": state["players"]["athens"], "sparta": state["players"]["sparta"]}
    assert sorted(state["players"].values()) == sorted([f"BOT {first.username}", f"BOT {second.username}"])
    rated = client.call("GET", "/account")["ratings"][ruleset]
    assert rated["games"] == 1  # bots are rated among themselves
    answered = {entry["action"]["type"] for entry in state["log"] if "side" in entry}
    # Turn actions besides passing; prompts where the game asked any (a random game may end at its
    # first round's end before one: a run once saw none). The battle's prompts are answered in the
    # stream test below, and every prompt kind by the options walk's property tests.
    assert answered - PROMPT_ANSWERS - {"pass"}, answered


@pytest.mark.parametrize("ruleset", ["2020", "2012"])
def test_a_bot_plays_the_sites_computer_to_the_end(site: DaphneProcess, ruleset: str) -> None:
    """The bot built from docs/api.md alone (HTTP, the options walk) plays whole games of each
    edition against the computer, its battles and prompts included."""
    _, token = account(site)
    client = example.Client(site.base_url, token)
    answered: set[str] = set()
    for _ in range(2):
        out = finished(run_bot(site, token, "--computer", "easy", "--ruleset", ruleset, "--games", "1"), 240)
        ended = [line for line in out.splitlines() if line.startswith("match ")]
        assert len(ended) == 1, out
        state = client.call("GET", f"/matches/{int(ended[0].split()[1].rstrip(':'))}?since=0")
        assert state["status"] == "finished" and ended[0].endswith(state["ending"]["en"])
        assert {entry["side"] for entry in state["log"] if "side" in entry} == {"athens", "sparta"}  # both played
        mine = state["seat"]
        answered |= {entry["action"]["type"] for entry in state["log"] if entry.get("side") == mine}
    assert answered - PROMPT_ANSWERS - {"pass"}, answered  # it acted, not only passed


def battle_export(seed: str) -> dict[str, Any]:
    """A 2020 game between easy players replayed to a battle whose hands are dealt: its setup and log."""
    state, log = players.play(seed, {side: players.player("easy").decide for side in ("athens", "sparta")})
    setup = api.Setup.from_seed(seed, "2020")
    replay = api.new_game(setup)
    for upto, entry in enumerate(log):
        replay, _ = api.apply_entry(replay, entry)
        battle = replay.battle
        if battle is not None and all(battle.hands.values()) and replay.decision is not None \
                and replay.decision.side is not None:
            return {"setup": setup.to_json(), "log": log[:upto + 1]}
    raise LookupError(seed)


def test_every_frame_of_a_match_stream_is_the_seats_own_view_and_since_misses_nothing(site: DaphneProcess) -> None:
    (athens, athens_token), (sparta, sparta_token) = account(site, ("read", "play")), account(site, ("read", "play"))
    export = next(found for seed in (f"api-battle-{n}" for n in range(40))
                  if (found := _or_none(battle_export, seed)) is not None)
    path = site.run_dir / "battle.json"
    path.write_text(json.dumps(export))
    made = manage(["importmatch", str(path), "--athens", athens.username, "--sparta", sparta.username], site.env)
    match_id = int(next(word for word in made.split() if word.isdigit()))
    frames: dict[str, list[dict[str, Any]]] = {"athens": [], "sparta": []}
    threads = [threading.Thread(target=example.play, args=(example.Client(site.base_url, token), match_id, side),
                                kwargs={"log": lambda *_: None, "heard": frames[side].append})
               for side, token in (("athens", athens_token), ("sparta", sparta_token))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(240)
        assert not thread.is_alive(), "a seat's play did not end"
    battles = 0
    for side, seen in frames.items():
        other = "sparta" if side == "athens" else "athens"
        states = [frame for frame in seen if frame["type"] == "state"]
        assert states and states[-1]["status"] == "finished" and all(frame["seat"] == side for frame in states)
        for frame in states:
            view = frame["view"]
            assert isinstance(view["project_pile"], int)
            if view["battle"] is not None:
                assert isinstance(view["battle"]["deck"], int)
                assert isinstance(view["battle"]["hands"][other], int), f"{side} saw {other}'s hand"
                if isinstance(view["battle"]["hands"].get(side), list):
                    battles += 1
    assert battles > 0, "no frame showed a battle with a hand"
    fought = {e["action"]["type"] for e in example.Client(site.base_url, athens_token).call(
        "GET", f"/matches/{match_id}?since=0")["log"] if "side" in e}
    assert {"attack", "defend"} <= fought, fought  # the HTTP bot laid and answered battle cards
    # Opened again at version 5: the log after it, then the match as it stands.
    client = example.Client(site.base_url, athens_token)
    lines = list(client.stream(f"/matches/{match_id}/stream?since=5"))
    assert lines[0]["type"] == "log" and lines[0]["since"] == 5
    assert [e["seq"] for e in lines[0]["entries"]] == list(range(6, lines[1]["version"] + 1))
    assert lines[1]["type"] == "state" and lines[1]["status"] == "finished" and len(lines) == 2


def _or_none(function: Any, *args: Any) -> Any:
    try:
        return function(*args)
    except LookupError:
        return None


@pytest.fixture
def quiet_site() -> Iterator[DaphneProcess]:
    """A site whose streams keep alive every ten minutes: a stream that ends sooner was told."""
    with embedded_site("polis-api-quiet-", COMPUTER_PAUSE="0", COMPUTER_PROCESSES="1",
                       API_STREAM_KEEPALIVE="600") as site:
        yield site


def test_a_revoked_token_is_refused_at_once_and_its_open_streams_close(quiet_site: DaphneProcess) -> None:
    site = quiet_site
    user, token = account(site, ("read", "play", "challenge"))
    client = example.Client(site.base_url, token)
    match_id = client.call("POST", "/challenges/computer", {"level": "easy"})["id"]
    heard: dict[str, list[dict[str, Any]]] = {"events": [], "match": []}

    def listen(name: str, path: str) -> None:
        for line in client.stream(path):
            heard[name].append(line)

    listeners = [threading.Thread(target=listen, args=("events", "/stream/events"), daemon=True),
                 threading.Thread(target=listen, args=("match", f"/matches/{match_id}/stream"), daemon=True)]
    for listener in listeners:
        listener.start()
    deadline = time.monotonic() + WAIT
    while not (heard["events"] and heard["match"]) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert heard["events"][0]["type"] == "match_started" and heard["match"][0]["type"] == "state"
    page = user.request("/matches/preferences/")[2].decode()
    token_id = int(page.split('data-token="')[1].split('"')[0])
    status, _, _ = user.post(f"/api/account/tokens/{token_id}/revoke/", {})
    assert status == 302
    for listener in listeners:  # pushed: the next keep-alive's check is ten minutes away
        listener.join(WAIT)
        assert not listener.is_alive(), "a stream of the revoked token stayed open"
    for name in heard:
        assert heard[name][-1] == {"type": "error", "code": "token_revoked", "message": "this token was revoked"}
    with pytest.raises(example.Refused) as refused:
        client.call("GET", "/account")
    assert (refused.value.status, refused.value.code) == (401, "token_revoked")


def test_the_api_load_script_measures_bots_beside_socket_players(site: DaphneProcess) -> None:
    result = api_load.run(site.base_url, bots=4, moves=3, think=0.05, matches=2)
    assert result["failures"] == [] and result["bots"] == 4
    assert result["api_actions"] >= 8 and 0 < result["api_act_p50"] <= result["api_act_p99"]
    assert result["socket_actions"] >= 4 and result["socket_act_p99"] > 0


def test_a_resignation_reaches_the_stream_and_ends_it(site: DaphneProcess) -> None:
    """A match ended by the server (a resignation, a time-out) ends at the version it stood at: the
    stream sends that state all the same, and ends."""
    _, token = account(site, ("read", "play", "challenge"))
    client = example.Client(site.base_url, token)
    match_id = client.call("POST", "/challenges/computer", {"level": "easy"})["id"]
    heard: list[dict[str, Any]] = []
    listener = threading.Thread(target=lambda: heard.extend(client.stream(f"/matches/{match_id}/stream")), daemon=True)
    listener.start()
    deadline = time.monotonic() + WAIT
    while not heard and time.monotonic() < deadline:
        time.sleep(0.05)
    client.call("POST", f"/matches/{match_id}/resign")
    listener.join(WAIT)
    assert not listener.is_alive(), "the stream did not end with the match"
    # Read after the resignation: the computer may have moved between a read before it and the resignation.
    version = client.call("GET", f"/matches/{match_id}")["version"]
    assert heard[-1]["status"] == "finished" and heard[-1]["version"] == version and heard[-1]["ending"]["en"]


def test_a_bot_is_listed_online_while_its_event_stream_is_open(site: DaphneProcess) -> None:
    bot_user, token = account(site)
    client = example.Client(site.base_url, token)
    client.call("POST", "/account/bot")

    def online() -> bool | None:
        return {b["username"]: b["online"] for b in client.call("GET", "/bots")}.get(bot_user.username)

    assert online() is False
    stream = urllib.request.urlopen(client._request("GET", "/stream/events"), timeout=10)
    try:
        deadline = time.monotonic() + WAIT
        while not online() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert online() is True
    finally:
        stream.close()


def test_a_match_stream_says_when_the_opponent_has_gone_and_when_they_are_back(site: DaphneProcess) -> None:
    """The opponent unseen (no page, no stream, no call) for OPPONENT_GONE_AFTER (3 s here) since the
    match began: the stream says `opponent_gone`, once, even of one who never came after accepting
    (a tour found none said then); a call of theirs, reading the state, brings them back, said once
    too."""
    (_, first_token), (second, second_token) = account(site), account(site)
    mine, theirs = example.Client(site.base_url, first_token), example.Client(site.base_url, second_token)
    made = mine.call("POST", f"/challenges/users/{second.username}", {"side": "athens"})
    theirs.call("POST", f"/challenges/{made['id']}/accept")  # then silent
    heard: list[dict[str, Any]] = []
    listener = threading.Thread(target=lambda: heard.extend(mine.stream(f"/matches/{made['id']}/stream")), daemon=True)
    listener.start()

    def said() -> list[bool]:
        return [line["gone"] for line in list(heard) if line.get("type") == "opponent_gone"]

    deadline = time.monotonic() + WAIT
    while said() != [True] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert said() == [True]
    theirs.call("GET", f"/matches/{made['id']}")
    deadline = time.monotonic() + WAIT
    while said() != [True, False] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert said() == [True, False]
    mine.call("POST", f"/matches/{made['id']}/resign")
    listener.join(WAIT)
    assert not listener.is_alive()


def test_open_streams_are_answered_at_once_and_hold_no_thread_each(quiet_site: DaphneProcess) -> None:
    """Forty event streams open at once on the one Daphne process, each answered (its status and
    headers) at once, not at its first keep-alive ten minutes away; the process's threads do not
    grow with them (each stream is an async generator on the event loop, not a thread waiting)."""
    site = quiet_site
    _, token = account(site, ("read",))
    client = example.Client(site.base_url, token)

    def threads() -> int:
        return len(os.listdir(f"/proc/{site.process.pid}/task"))

    before = threads()
    opened: list[Any] = []
    for _ in range(40):
        response = urllib.request.urlopen(client._request("GET", "/stream/events"), timeout=WAIT)
        assert response.status == 200 and response.headers["Content-Type"].startswith("application/x-ndjson")
        opened.append(response)
    try:
        time.sleep(1)
        during = threads()
        assert during - before < 10, f"{during - before} more threads with 40 streams open"
    finally:
        for response in opened:
            response.close()


def test_the_streams_refuse_typed_before_streaming_and_both_are_in_the_schema(site: DaphneProcess) -> None:
    from polis_site.api import streams

    _, token = account(site, ("play",))
    _, reader = account(site, ("read",))
    refusals = []
    for path, raw in (("/stream/events", token), ("/matches/999999/stream", reader),
                      ("/matches/1/stream?since=x", reader), ("/stream/events", "polis_" + "x" * 43),
                      ("/stream/events", "")):
        request = urllib.request.Request(f"{site.base_url}/api/v1{path}",
                                         headers={"Authorization": f"Bearer {raw}"} if raw else {})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        body = json.loads(refused.value.read())
        assert body["type"] == "error" and body["message"]
        refusals.append((refused.value.code, body["code"]))
    assert refusals == [(403, "missing_scope"), (404, "no_such_match"), (400, "malformed"), (401, "bad_token"),
                        (401, "token_required")]
    schema = json.loads(urllib.request.urlopen(f"{site.base_url}/api/v1/schema/", timeout=10).read())
    assert {path for path in schema["paths"] if path.endswith("stream") or path.endswith("events")} == set(streams.OPENAPI)
