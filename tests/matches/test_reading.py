"""The board as text as an account's preference (issue 66): set on the preferences page or by the
match page's switch, read by every match page of that account; a visitor's browser keeps its own."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from polis_site.presentation import reading
from tests.matches.factories import PASSWORD, UserFactory, active_match

pytestmark = pytest.mark.django_db


def test_the_preference_is_kept_with_the_account_and_read_by_the_match_page() -> None:
    match = active_match("reading-pref")
    client = Client()
    client.login(username=match.athens.username, password=PASSWORD)
    page = client.get(match.get_absolute_url()).content.decode()
    assert 'data-text-view="0"' in page
    preferences = client.get(reverse("notices:preferences")).content.decode()
    assert 'id="reading-text-view"' in preferences and "checked" not in preferences.split('id="reading-text-view"')[1][:20]
    saved = client.post(reverse("matches:reading"), {"text_view": "on"}, follow=True).content.decode()
    assert "The board is shown as text now." in saved and reading.text_view(match.athens)
    assert 'data-text-view="1"' in client.get(match.get_absolute_url()).content.decode()
    # From the match page's switch: back to the page, a page of this site only.
    back = client.post(reverse("matches:reading"), {"next": match.get_absolute_url()})
    assert back.status_code == 302 and back["Location"] == match.get_absolute_url() and not reading.text_view(match.athens)
    away = client.post(reverse("matches:reading"), {"text_view": "on", "next": "https://elsewhere.example/"})
    assert away["Location"] == reverse("notices:preferences") and reading.text_view(match.athens)
    # Sparta's player reads the map still; a visitor has no account's preference (the browser's).
    other = Client()
    other.login(username=match.sparta.username, password=PASSWORD)
    assert 'data-text-view="0"' in other.get(match.get_absolute_url()).content.decode()
    assert "data-text-view" not in Client().get(match.get_absolute_url()).content.decode()


def test_only_a_logged_in_post_sets_it() -> None:
    user = UserFactory()
    assert Client().post(reverse("matches:reading"), {"text_view": "on"}).status_code == 302  # to log in
    client = Client()
    client.login(username=user.username, password=PASSWORD)
    assert client.get(reverse("matches:reading")).status_code == 405
    assert not reading.text_view(user)
