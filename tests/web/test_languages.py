"""The language is kept with the account (polis_site/notices/languages.py): chosen on one device,
spoken on every device the player logs in on, over that device's browser languages."""

from __future__ import annotations

import pytest
from django.test import Client

from polis_site.notices.models import Preferences
from tests.matches.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def speaks(client: Client) -> str:
    return client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode().split('<html lang="', 1)[1][:2]


def test_a_language_chosen_on_one_device_is_spoken_on_another_once_logged_in() -> None:
    user = UserFactory()
    phone, laptop = Client(), Client()
    phone.login(username=user.username, password=PASSWORD)
    phone.post("/i18n/setlang/", {"language": "es", "next": "/"})
    assert Preferences.of(user).language == "es" and speaks(phone) == "es"
    assert speaks(laptop) == "en"  # a visitor's page follows their browser
    laptop.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert speaks(laptop) == "es"
    assert laptop.cookies["django_language"].value == "es"  # the socket and the page after logging out read it
    laptop.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert speaks(laptop) == "en" and Preferences.of(user).language == "en"
    phone.logout()
    phone.login(username=user.username, password=PASSWORD)
    assert speaks(phone) == "en"


def test_a_visitors_choice_becomes_the_accounts_and_an_unknown_language_changes_nothing() -> None:
    user = UserFactory()
    visitor = Client()
    visitor.post("/i18n/setlang/", {"language": "es", "next": "/"})
    visitor.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert Preferences.of(user).language == "es"
    visitor.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    assert Preferences.of(user).language == "es" and speaks(visitor) == "es"
