"""Blocking (issue 39): either player's block keeps two players from a new match and from chatting,
both ways; a match under way goes on; the computer and oneself cannot be blocked."""

from __future__ import annotations

import pytest

from polis_site.chat import services as chat
from polis_site.lobby import services as lobby
from polis_site.matches import services
from polis_site.relations import services as relations
from polis_site.relations.models import Block
from tests.matches.factories import UserFactory, active_match
from tests.matches.test_async_play import move

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("who_blocks", ["host", "guest"])
def test_a_block_either_way_keeps_two_players_from_a_new_match_and_a_chat_line(who_blocks: str) -> None:
    match = active_match(f"blocked-{who_blocks}")
    host, guest = match.athens, match.sparta
    blocker, blocked = (host, guest) if who_blocks == "host" else (guest, host)
    relations.block(blocker, blocked.username)
    assert relations.between(host.pk, guest.pk) and relations.between(guest.pk, host.pk)
    challenge = services.create_match(host, "athens")
    assert challenge.pk not in [m.pk for m in lobby.open_challenges(guest)]
    assert challenge.pk in [m.pk for m in lobby.open_challenges(UserFactory())]
    for token in (None, challenge.invite_token):
        with pytest.raises(services.MatchError) as refused:
            lobby.join_match(guest, challenge.pk, token)
        assert refused.value.code == "blocked"
    with pytest.raises(services.MatchError) as refused:
        chat.post(match.pk, guest, "χαῖρε")
    assert refused.value.code == "blocked"
    move(match)  # the match under way goes on
    relations.unblock(blocker, blocked.username)
    chat.post(match.pk, guest, "χαῖρε")
    lobby.join_match(guest, challenge.pk)


def test_the_computer_oneself_and_nobody_cannot_be_blocked() -> None:
    player = UserFactory()
    for name, code in (("computer-easy", "not_a_player"), (player.username, "not_a_player"), ("nobody", "no_such_player")):
        with pytest.raises(relations.BlockError) as refused:
            relations.block(player, name)
        assert refused.value.code == code
    assert not Block.objects.exists()


def test_no_rematch_across_a_block() -> None:
    match = active_match("blocked-rematch")
    services.resign(match.pk, match.sparta)
    relations.block(match.sparta, match.athens.username)
    with pytest.raises(services.MatchError) as refused:
        lobby.rematch(match.pk, match.athens)
    assert refused.value.code == "blocked"
