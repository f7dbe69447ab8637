"""Sign-up as a screen reader meets it (issue 66): a refused form opens at the field in error, and
an account made is said so on the page it lands on."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-enough-password-42"


def test_a_refused_sign_up_opens_at_the_field_in_error_and_a_made_one_says_welcome() -> None:
    client = Client()
    refused = client.post("/accounts/signup/", {"username": "reader-1", "password1": PASSWORD, "password2": PASSWORD + "x"})
    page = refused.content.decode()
    # Both passwords come back empty: the first is typed again first; the second says what was wrong.
    first = page[page.index('id="id_password1"') - 200:page.index('id="id_password1"') + 200]
    second = page[page.index('id="id_password2"') - 200:page.index('id="id_password2"') + 200]
    assert "autofocus" in first and "autofocus" not in second and 'aria-invalid="true"' in second
    # The field the page opens at is described by the error, heard there (an outside tour).
    assert 'aria-describedby="id_password1_helptext id_password2_error"' in first and 'id="id_password2_error"' in page
    assert "<title>Not signed up: see the fields · Sign up" in page
    username = page[page.index('id="id_username"') - 200:page.index('id="id_username"') + 100]
    assert "autofocus" not in username.split("<input")[-1]
    made = client.post("/accounts/signup/", {"username": "reader-1", "password1": PASSWORD, "password2": PASSWORD}, follow=True)
    assert "Welcome, reader-1: your account is made." in made.content.decode()
