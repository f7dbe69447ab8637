"""The environment switches the site between the embedded default and the scaled-out stack."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from polis_site import config

REPO = Path(__file__).resolve().parents[2]


def settings_seen_by_a_process(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Import the real settings module in a fresh interpreter, as Daphne would."""
    code = (
        "import json, django; from django.conf import settings; django.setup();"
        "print(json.dumps({'db': settings.DATABASES['default'], 'layers': settings.CHANNEL_LAYERS,"
        " 'debug': settings.DEBUG, 'apps': settings.INSTALLED_APPS, 'tz': settings.TIME_ZONE,"
        " 'hosts': settings.ALLOWED_HOSTS, 'hsts': settings.SECURE_HSTS_SECONDS}, default=str))"
    )
    base = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "polis_site.settings", "SQLITE_PATH": "/tmp/polis-settings-test.sqlite3"}
    return subprocess.run([sys.executable, "-c", code], cwd=REPO, env={**base, **env}, capture_output=True, text=True)


def test_embedded_default_is_sqlite_and_in_memory_layer() -> None:
    result = settings_seen_by_a_process({})
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout)
    assert seen["db"]["ENGINE"] == "django.db.backends.sqlite3"
    assert seen["layers"]["default"]["BACKEND"] == "polis_site.layers.InMemoryChannelLayer"
    assert seen["apps"][0] == "daphne"
    assert seen["tz"] == "UTC"


def test_database_and_redis_urls_switch_to_postgresql_and_channels_redis() -> None:
    result = settings_seen_by_a_process({
        "DEBUG": "0", "SECRET_KEY": "k3y-Z" * 11, "ALLOWED_HOSTS": "polis.example, www.polis.example",
        "DATABASE_URL": "postgres://app:s%40cret@db.internal:6543/polis",
        "REDIS_URL": "redis://cache.internal:6380/2",
    })
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout)
    db = seen["db"]
    assert (db["ENGINE"], db["NAME"], db["USER"], db["PASSWORD"], db["HOST"], db["PORT"]) == (
        "django.db.backends.postgresql", "polis", "app", "s@cret", "db.internal", "6543")
    assert db["TEST"]["NAME"] == "test_polis"
    layer = seen["layers"]["default"]
    assert layer["BACKEND"] == "polis_site.layers.RedisChannelLayer"
    [host] = layer["CONFIG"]["hosts"]
    assert {key: host[key] for key in ("address", "socket_timeout", "max_connections")} == {
        "address": "redis://cache.internal:6380/2", "socket_timeout": None, "max_connections": 2000}
    assert "Retry" in host["retry"] and any("ConnectionError" in error for error in host["retry_on_error"])
    assert seen["debug"] is False
    assert seen["hosts"] == ["polis.example", "www.polis.example"]
    assert seen["hsts"] == 0  # no TLS said: no Strict-Transport-Security


def test_behind_tls_browsers_are_told_to_keep_to_https() -> None:
    result = settings_seen_by_a_process({"DEBUG": "0", "SECRET_KEY": "k3y-Z" * 11, "SECURE_COOKIES": "1"})
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["hsts"] == 365 * 24 * 3600


def test_production_settings_pass_django_s_deploy_check_clean() -> None:
    """Issue 21, point 8: `manage.py check --deploy` finds nothing in the documented production
    settings (docs/deploy.md), with a strong key, TLS in front and the site's origin trusted."""
    env = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "polis_site.settings",
           "SQLITE_PATH": "/tmp/polis-settings-test.sqlite3", "DEBUG": "0", "SECRET_KEY": "fP3q-9zLw_" * 6,
           "ALLOWED_HOSTS": "polis.example", "SECURE_COOKIES": "1", "CSRF_TRUSTED_ORIGINS": "https://polis.example"}
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], cwd=REPO,
                            env=env, capture_output=True, text=True)
    assert result.returncode == 0 and "no issues" in result.stdout, result.stdout + result.stderr


def test_development_secret_key_is_refused_when_debug_is_off() -> None:
    no_key = settings_seen_by_a_process({"DEBUG": "0"})
    assert no_key.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in no_key.stderr
    dev_key = settings_seen_by_a_process({"DEBUG": "0", "SECRET_KEY": config.DEV_SECRET_KEY})
    assert dev_key.returncode != 0
    assert "development default" in dev_key.stderr


def test_debug_on_falls_back_to_the_development_key() -> None:
    assert config.secret_key({}, debug=True) == config.DEV_SECRET_KEY
    strong = "fP3q-" * 10
    assert config.secret_key({"SECRET_KEY": strong}, debug=False) == strong
    assert config.secret_key({"SECRET_KEY": "mine"}, debug=True) == "mine"


@pytest.mark.parametrize("weak", ["x", "x" * 60, "abcd" * 20, "short-but-varied-0123456789"])
def test_a_weak_secret_key_is_refused_when_debug_is_off(weak: str) -> None:
    """Issue 21, point 8: `SECRET_KEY=x` was accepted with DEBUG off."""
    with pytest.raises(ImproperlyConfigured, match="too weak"):
        config.secret_key({"SECRET_KEY": weak}, debug=False)


@pytest.mark.parametrize("raw, expected", [("1", True), ("yes", True), ("off", False), ("0", False), ("", False)])
def test_booleans(raw: str, expected: bool) -> None:
    assert config.env_bool({"X": raw}, "X", default=not expected) is expected


def test_a_misspelt_boolean_is_an_error_naming_the_variable() -> None:
    with pytest.raises(ImproperlyConfigured, match=r"DEBUG='ture' is not a boolean"):
        config.env_bool({"DEBUG": "ture"}, "DEBUG", default=False)


def test_sqlite_urls_follow_the_usual_slashes(tmp_path: Path) -> None:
    assert config.database({"DATABASE_URL": "sqlite:////srv/polis/db.sqlite3"}, tmp_path)["NAME"] == "/srv/polis/db.sqlite3"
    assert config.database({"DATABASE_URL": "sqlite:///db.sqlite3"}, tmp_path)["NAME"] == "db.sqlite3"
    assert config.database({}, tmp_path)["NAME"] == str(tmp_path / "var" / "db.sqlite3")


@pytest.mark.parametrize("url, message", [
    ("mysql://u:p@h/db", "scheme 'mysql' is not supported"),
    ("postgres://u:p@h:5432/", "names no database"),
])
def test_bad_database_urls_are_refused_with_the_reason(url: str, message: str, tmp_path: Path) -> None:
    with pytest.raises(ImproperlyConfigured, match=message):
        config.database({"DATABASE_URL": url}, tmp_path)


def test_bad_redis_url_is_refused() -> None:
    with pytest.raises(ImproperlyConfigured, match="is not a redis://"):
        config.channel_layers({"REDIS_URL": "http://cache:6379"})


def test_sqlite_runs_in_wal_mode_synced_at_checkpoints_on_persistent_connections(tmp_path: Path) -> None:
    """What docs/deploy.md promises of the embedded default, read back from a real connection."""
    import sqlite3

    db = config.database({"DATABASE_URL": f"sqlite:///{tmp_path}/site.sqlite3"}, tmp_path)
    assert db["CONN_MAX_AGE"] == 60
    assert config.database({"DB_CONN_MAX_AGE": "0"}, tmp_path)["CONN_MAX_AGE"] == 0
    connection = sqlite3.connect(db["NAME"])
    connection.executescript(db["OPTIONS"]["init_command"])
    assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert connection.execute("PRAGMA synchronous").fetchone() == (1,)  # NORMAL
    connection.close()
