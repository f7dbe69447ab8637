"""Django's system checks pass in the test process, as every site's `migrate` and `runserver` run
them: a model error (a method named like a model's own class method, `check`) refused every test
site's migration, and only the browser tests' set-up said so."""

from __future__ import annotations

from django.core.management import call_command


def test_the_system_checks_find_no_error() -> None:
    call_command("check", fail_level="ERROR")
