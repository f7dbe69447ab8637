"""Ratings: Glicko-2 against the paper's worked example and cases away from 1500; every way a match
ends rates it in the ending's own transaction (a failure there leaves the match unfinished, never
finished and unrated); a shared victory is a draw; unrated and computer matches change nothing."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from polis_site.lobby import services as lobby
from polis_site.matches import imports, services
from polis_site.matches.models import Match
from polis_site.ratings import glicko
from polis_site.ratings import services as ratings
from polis_site.ratings.models import Rating, RatingChange
from tests.matches.factories import UserFactory, active_match, played_to_the_end

pytestmark = pytest.mark.django_db

PAPER_OPPONENTS = [(glicko.Player(1400, 30), 1.0), (glicko.Player(1550, 100), 0.0), (glicko.Player(1700, 300), 0.0)]


def test_the_papers_worked_example() -> None:
    after = glicko.rate(glicko.Player(1500, 200, 0.06), PAPER_OPPONENTS)
    assert (round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 5)) == (1464.05, 151.52, 0.06)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def vector(player: glicko.Player) -> tuple[float, float, float]:
    return round(player.rating, 4), round(player.deviation, 4), round(player.volatility, 7)


@pytest.mark.parametrize(("player", "games", "after"), [
    # Away from 1500: a library that puts the rating where the paper has the deviation (step 5's f,
    # deepy's glicko2 2.1.0) is off in the volatility here, though right at 1500 (docs/ratings.md).
    (glicko.Player(1800, 200, 0.06), PAPER_OPPONENTS, (1626.5606, 165.0919, 0.0600044)),
    # An upset in one period: the volatility rises (deepy's: 0.0602480).
    (glicko.Player(1300, 30, 0.06), [(glicko.Player(1700, 30), 1.0)] * 10, (1351.2806, 31.3892, 0.0610812)),
    # One match each way between two rated players, from the winner's side.
    (glicko.Player(1650, 80, 0.06), [(glicko.Player(1450, 120, 0.06), 1.0)], (1658.5962, 79.2729, 0.059999)),
    (glicko.Player(1650, 80, 0.06), [(glicko.Player(1450, 120, 0.06), 0.5)], (1641.6932, 79.2729, 0.059999)),
    (glicko.Player(1450, 120, 0.06), [(glicko.Player(1650, 80, 0.06), 1.0)], (1506.2512, 115.6934, 0.060004)),
])
def test_reference_vectors_computed_apart(player: glicko.Player, games: list, after: tuple[float, float, float]) -> None:
    """Vectors from an independent implementation of the paper's steps (issue 23's research)."""
    got = vector(glicko.rate(player, games))
    assert got[:2] == pytest.approx(after[:2], abs=1e-4) and got[2] == pytest.approx(after[2], abs=1e-6)


def test_no_games_only_widen_the_deviation() -> None:
    idle = glicko.rate(glicko.Player(1500, 100, 0.06), [])
    assert idle.rating == 1500 and idle.deviation == pytest.approx(173.7178 * (((100 / 173.7178) ** 2 + 0.06 ** 2) ** 0.5))
    assert glicko.rate(glicko.Player(1500, 349, 0.5), []).deviation == 350  # never past a new player's


def expected(match: Match, side: str) -> float:
    return 0.5 if match.winner not in ("athens", "sparta") else float(match.winner == side)


def assert_rated(match: Match) -> None:
    changes = {c.side: c for c in RatingChange.objects.filter(match=match)}
    assert set(changes) == {"athens", "sparta"}
    new = glicko.Player()
    for side, other in (("athens", "sparta"), ("sparta", "athens")):
        change = changes[side]
        assert change.score == expected(match, side) and change.before == 1500
        assert change.after == pytest.approx(glicko.rate(new, [(new, change.score)]).rating)
        rating = Rating.objects.get(user=match.player(side))
        assert (rating.rating, rating.games) == (change.after, 1)


@pytest.mark.parametrize("seed", ["rated-0", "rated-1", "rated-2"])
def test_a_game_played_to_its_end_rates_both_players(seed: str) -> None:
    match = played_to_the_end(seed)
    assert match.outcome_reason not in ("resigned", "time_out")
    assert_rated(match)


@pytest.mark.parametrize(("winner", "reason"), [
    ("athens", "score"), ("sparta", "resources_tiebreak"), (None, "shared_victory"), ("sparta", "famine"),
    ("athens", "no_prestige_at_round_end"), (None, "no_prestige_at_round_end"), ("sparta", "prestige_exhausted")])
def test_every_ending_of_the_rules_is_rated_the_way_it_ends(winner: str | None, reason: str) -> None:
    match = active_match(f"ending-{reason}-{winner}")
    services._finish(match, winner, reason)  # what every ending of the rules goes through
    assert_rated(match)
    if winner is None:
        assert {c.score for c in RatingChange.objects.filter(match=match)} == {0.5}
        assert Rating.objects.get(user=match.athens).rating == pytest.approx(1500)


def test_a_resignation_and_a_time_out_are_rated() -> None:
    resigned = active_match("rated-resign")
    services.resign(resigned.pk, resigned.athens)
    resigned.refresh_from_db()
    assert resigned.winner == "sparta"
    assert_rated(resigned)
    late = active_match("rated-late", move_days=1)
    Match.objects.filter(pk=late.pk).update(deadline_at=timezone.now() - timedelta(days=1))
    waiting = late.state().decision.side
    claimer = late.player("athens" if waiting == "sparta" else "sparta")
    services.claim_time_out(late.pk, claimer)
    late.refresh_from_db()
    assert late.outcome_reason == "time_out"
    assert_rated(late)


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_finished_matchs_page_tells_each_seat_what_it_did_to_their_rating() -> None:
    match = active_match("rated-page")
    page = logged_in(match.athens).get(match.get_absolute_url()).content.decode()
    assert '<p id="rating-change" class="rating-change" data-at-end hidden></p>' in page  # taken afresh at the end
    services.resign(match.pk, match.athens)
    for side, sign in (("athens", "−"), ("sparta", "+")):
        page = logged_in(match.player(side)).get(match.get_absolute_url()).content.decode()
        change = RatingChange.objects.get(match=match, side=side)
        said = re.search(r'<p id="rating-change"[^>]*>(.*?)</p>', page).group(1)
        assert re.sub(r"<[^>]+>", "", said) == (f"Your rating in {match.get_ruleset_display()}: {change.before:.0f} → "
                                              f"{change.after:.0f} ({sign}{abs(round(change.after) - round(change.before))})")
    computer = services.create_match(match.athens, "athens", computer="easy")
    assert 'id="rating-change"' not in logged_in(match.athens).get(computer.get_absolute_url()).content.decode()


def test_a_failure_while_rating_rolls_the_ending_back(monkeypatch: pytest.MonkeyPatch) -> None:
    match = active_match("rated-crash")

    def crash(*args, **kwargs):
        raise RuntimeError("the server died while rating")

    monkeypatch.setattr(ratings.RatingChange.objects, "bulk_create", crash)
    with pytest.raises(RuntimeError):
        services.resign(match.pk, match.athens)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and not Rating.objects.filter(games__gt=0).exists()


def test_unrated_and_computer_matches_change_no_rating() -> None:
    user = UserFactory()
    unrated = services.create_match(user, "athens", seed="unrated", rated=False)
    lobby.join_match(UserFactory(), unrated.pk)
    services.resign(unrated.pk, user)
    computer = services.create_match(user, "athens", seed="rated-computer", computer="easy", rated=True)
    assert computer.rated is False
    services.resign(computer.pk, user)
    assert not RatingChange.objects.exists() and not Rating.objects.filter(games__gt=0).exists()


def test_a_match_is_rated_once() -> None:
    match = active_match("rated-once")
    services.resign(match.pk, match.sparta)
    match.refresh_from_db()
    assert ratings.settle(match) == []
    assert RatingChange.objects.filter(match=match).count() == 2


def test_the_profile_shows_the_rating_its_history_the_record_and_the_matches_and_the_leaderboard_ranks() -> None:
    from django.test import Client
    from django.urls import reverse

    winner, loser = UserFactory(), UserFactory()
    for n in range(3):
        match = active_match(f"profile-{n}", athens=winner if n % 2 == 0 else loser, sparta=loser if n % 2 == 0 else winner)
        services.resign(match.pk, loser)
    current = active_match("profile-current", athens=winner)
    client = Client()
    page = client.get(reverse("ratings:profile", args=[winner.username])).content.decode()
    rating = Rating.objects.get(user=winner)
    assert rating.games == 3 and rating.rating > 1500
    assert f'data-rating="{rating.rating:.0f}"' in page and 'id="rating-chart"' in page
    assert page.count("<polyline") == 1
    assert '<tr data-side="athens"><th>As Athens</th>\n        <td class="won">2</td>' in page
    assert '<tr data-side="sparta"><th>As Sparta</th>\n        <td class="won">1</td>' in page
    assert f'data-match="{current.pk}"' in page and page.count("replay-link") == 3
    assert f'href="/matches/players/{loser.username}/"' in page
    board = client.get(reverse("ratings:leaderboard")).content.decode()
    assert board.index(winner.username) < board.index(loser.username)
    assert client.get(reverse("ratings:profile", args=["nobody-here"])).status_code == 404


def test_a_rematch_swaps_the_sides_keeps_the_terms_and_is_one_match_whoever_asks() -> None:
    user_a, user_b = UserFactory(), UserFactory()
    old = active_match("rematch-old", athens=user_a, sparta=user_b, move_days=3)
    with pytest.raises(services.MatchError) as refused:
        lobby.rematch(old.pk, user_a)
    assert refused.value.code == "not_finished"
    services.resign(old.pk, user_b)
    with pytest.raises(services.MatchError) as refused:
        lobby.rematch(old.pk, UserFactory())
    assert refused.value.code == "not_seated"
    offered = lobby.rematch(old.pk, user_b)  # the loser asks: Sparta before, Athens now
    assert (offered.athens, offered.sparta, offered.status, offered.listed) == (user_b, None, Match.Status.OPEN, False)
    assert (offered.move_days, offered.rated) == (3, True)
    assert Match.objects.get(pk=offered.pk).rematch_of_id == old.pk
    assert lobby.rematch(old.pk, user_b).pk == offered.pk  # asked again: the same offer
    taken = lobby.rematch(old.pk, user_a)
    assert (taken.pk, taken.athens, taken.sparta, taken.status) == (offered.pk, user_b, user_a, Match.Status.ACTIVE)


def test_a_rematch_keeps_a_live_clock_whole_and_says_so() -> None:
    """Issue 62: a rematch of a 20+20 lobby challenge was offered with no time limit (the clock's
    time left at the end is not the control it started with)."""
    user_a, user_b = UserFactory(), UserFactory()
    old = lobby.join_match(user_b, services.create_match(user_a, "athens", seed="rematch-clock", clock="45+30").pk)
    Match.objects.filter(pk=old.pk).update(clock_left={"athens": 61.5, "sparta": 2000.0})
    services.resign(old.pk, user_b)
    offered = lobby.rematch(old.pk, user_b)
    assert (offered.clock_control, offered.clock_left, offered.clock_increment) == (
        "45+30", {"athens": 2700.0, "sparta": 2700.0}, 30)
    client = Client()
    client.force_login(user_b)
    page = client.get(offered.get_absolute_url()).content.decode()
    terms = page[page.index('id="challenge-terms"'):].split("</p>")[0]
    assert f"Your challenge to {user_a.username}:" in terms and "live clock 45+30" in terms, terms


def test_a_rematch_against_the_computer_starts_at_once_at_the_same_level() -> None:
    user = UserFactory()
    old = services.create_match(user, "athens", seed="rematch-computer", computer="medium")
    services.resign(old.pk, user)
    new = lobby.rematch(old.pk, user)
    assert (new.sparta, new.computer_side, new.computer_level, new.status) == (user, "athens", "medium", Match.Status.ACTIVE)


def test_an_imported_finished_game_is_stored_unrated_and_the_computer_has_no_profile() -> None:
    from django.test import Client

    old = played_to_the_end("rated-import")
    log = [entry for record in old.actions.order_by("seq") for entry in record.log_entries()]
    copy = imports.import_match({"setup": old.setup, "log": log}, UserFactory(), UserFactory())
    assert (copy.status, copy.rated, copy.listed) == (Match.Status.FINISHED, False, False)
    assert not RatingChange.objects.filter(match=copy).exists()
    assert Client().get("/matches/players/computer-hard/").status_code == 404


def test_a_persons_account_with_the_computers_name_is_never_seated() -> None:
    from django.contrib.auth import get_user_model

    get_user_model().objects.filter(username="computer-easy").delete()
    get_user_model().objects.create_user("computer-easy", password="signed-up-first-1")
    with pytest.raises(services.MatchError) as refused:
        services.create_match(UserFactory(), "athens", computer="easy")
    assert refused.value.code == "computer_unavailable"
    assert not Match.objects.filter(computer_level="easy").exists()


def test_the_profile_names_its_ruleset_the_board_marks_provisional_ratings_and_the_chart_names_real_ratings() -> None:
    """Issue 51: one '1338?' with no ruleset, a board without the '?', and axis labels that were
    padded bounds (10 above the best and below the worst), not ratings the player had."""
    import re

    from django.test import Client
    from django.urls import reverse

    winner, loser = UserFactory(), UserFactory()
    for n in range(2):
        services.resign(active_match(f"provisional-{n}", athens=winner, sparta=loser).pk, loser)
    client = Client()
    page = client.get(reverse("ratings:profile", args=[winner.username])).content.decode()
    assert '<span id="rating-ruleset">Polis, 2020 edition:</span>' in page
    history = [RatingChange.objects.filter(user=winner).order_by("created_at")[0].before,
               *RatingChange.objects.filter(user=winner).order_by("created_at").values_list("after", flat=True)]
    ticks = dict(re.findall(r'data-tick="(high|low)">(\d+)</text>', page))
    assert ticks == {"high": str(round(max(history))), "low": str(round(min(history)))}
    board = client.get(reverse("ratings:leaderboard")).content.decode()
    rating = Rating.objects.get(user=winner)
    assert f"{rating.rating:.0f}? <small>" in board and 'A "?" marks a rating still provisional' in board


def test_the_leaderboard_opens_on_a_board_with_someone_rated() -> None:
    """An outside tour: it opened on 2020's empty board while a 2012 match had been rated."""
    from django.urls import reverse

    client = Client()
    assert '<strong aria-current="page">Polis, 2020 edition</strong>' in client.get(reverse("ratings:leaderboard")).content.decode()
    played_to_the_end("board-2012", ruleset="2012")
    board = client.get(reverse("ratings:leaderboard")).content.decode()
    current = re.search(r'<strong aria-current="page">([^<]+)</strong>', board).group(1)
    assert current.startswith("Polis, 2012 edition")
    played_to_the_end("board-2020")
    assert '<strong aria-current="page">Polis, 2020 edition</strong>' in client.get(reverse("ratings:leaderboard")).content.decode()
