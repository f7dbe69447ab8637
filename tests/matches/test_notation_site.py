"""A finished match downloaded from its replay in Polis notation, in the reader's language, and
imported back by `manage.py importmatch`: the same game, in every ruleset."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from engine import api
from polis_site.matches import imports
from polis_site.matches.models import Match
from polis_site.presentation import notations
from polis_site.watch import services as watch
from tests.matches.factories import PASSWORD, UserFactory, played_to_the_end

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("ruleset", ["2020", "2012", "2012-s1"])
def test_a_finished_match_downloads_as_text_and_imports_back_as_the_same_game(ruleset: str, tmp_path) -> None:
    match = played_to_the_end(f"notation-site-{ruleset}", ruleset=ruleset)
    response = Client().get(reverse("matches:notation", args=[match.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="polis-{match.pk}.txt"'
    text = response.content.decode()
    assert f'[Event "Polis Online match {match.pk}"]' in text and f'[Ruleset "{ruleset}"]' in text
    assert f'[Athens "{match.athens.username}"]' in text and f'[Result "{match.winner or "shared"}"]' in text
    assert f"{match.version}. " in text and "\n1. " in text
    first = match.actions.get(seq=1)
    assert f"; {'Athens' if first.side == 'athens' else 'Sparta'} " in text.split("\n1. ", 1)[1].splitlines()[0]
    # The address it came from, and what each die decided, in words.
    assert f'[Site "http://testserver/matches/{match.pk}/"]' in text
    chance = [line for line in text.splitlines() if line.startswith("~ ")]
    assert chance and all(" ; " in line for line in chance)
    assert "The game is over." in text.splitlines()[-1]
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    call_command("importmatch", str(path), "--athens", UserFactory().username, "--sparta", UserFactory().username,
                 stdout=out)
    copy = Match.objects.get(pk=int(out.getvalue().split()[0]))
    assert copy.setup == match.setup and copy.version == match.version
    assert [(r.side, r.action, r.chance) for r in copy.actions.order_by("seq")] == \
        [(r.side, r.action, r.chance) for r in match.actions.order_by("seq")]
    assert api.to_json(copy.state()) == api.to_json(match.state())


def test_the_words_are_the_readers_and_a_private_match_is_nobody_elses() -> None:
    match = played_to_the_end("notation-words")
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es").get(reverse("matches:notation", args=[match.pk])).content.decode()
    assert " ; Atenas " in spanish or " ; Esparta " in spanish
    replay = Client().get(reverse("matches:replay", args=[match.pk])).content.decode()
    assert f'href="/matches/{match.pk}/replay/notation.txt" id="notation-link"' in replay
    watch.set_private(match.athens, True)
    assert Client().get(reverse("matches:notation", args=[match.pk])).status_code == 404
    player = Client()
    player.login(username=match.athens.username, password=PASSWORD)
    assert player.get(reverse("matches:notation", args=[match.pk])).status_code == 200


def test_a_broken_text_is_refused_naming_its_line(tmp_path) -> None:
    path = tmp_path / "broken.txt"
    path.write_text('[Setup "{}"]\n\n1. persia {"type": "pass"}\n', encoding="utf-8")
    users = [UserFactory().username for _ in range(2)]
    with pytest.raises(CommandError, match=r"bad_notation: line 3"):
        call_command("importmatch", str(path), "--athens", users[0], "--sparta", users[1])
    with pytest.raises(imports.services.MatchError) as refused:
        notations.export_from("[Ruleset \"2020\"]\n")
    assert refused.value.code == "bad_notation"
    assert not Match.objects.exists()
