"""Django settings: everything that differs between machines comes from the environment.

See polis_site/config.py for each variable and docs/deploy.md for the scaled-out set-up.
"""

import os
from pathlib import Path

from polis_site import config

BASE_DIR = Path(__file__).resolve().parent.parent
ENV = os.environ

DEBUG = config.env_bool(ENV, "DEBUG", default=True)
SECRET_KEY = config.secret_key(ENV, DEBUG)
ALLOWED_HOSTS = config.env_list(ENV, "ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = config.env_list(ENV, "CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    # First, so that `manage.py runserver` is Daphne's and serves websockets too.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    # naturaltime: "now", "3 minutes ago" in the reader's language (a match's last move).
    "django.contrib.humanize",
    "channels",
    # django-allauth, for its email addresses and their verification only: the site's own views
    # sign players up and log them in (with their throttles).
    "allauth",
    "allauth.account",
    # The task queue (django-q2, its ORM broker: this database's own tables), on which the computer
    # thinks (docs/architecture.md says why this one).
    "django_q",
    "polis_site.matches",
    "polis_site.presentation",
    "polis_site.computer",
    "polis_site.lobby",
    "polis_site.chat",
    "polis_site.ratings",
    "polis_site.notices",
    "polis_site.clocks",
    "polis_site.relations",
    "polis_site.guests",
    "polis_site.learn",
    "polis_site.bots",
    "polis_site.tournaments",
    "polis_site.analysis",
    "polis_site.watch",
    "polis_site.api",
    # django-ninja: the open API's schema and docs (its templates and static files).
    "ninja",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "polis_site.api_errors.TypedApiErrors",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "polis_site.notices.languages.AccountLanguage",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "polis_site.storage.StorageFailureMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "polis_site.urls"
ASGI_APPLICATION = "polis_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "polis_site.guests.hooks.context",
            ],
        },
    },
]

DATABASES = {"default": config.database(ENV, BASE_DIR)}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
CHANNEL_LAYERS = config.channel_layers(ENV)
CACHES = config.caches(ENV)

# Login and sign-up throttling (django-ratelimit, counted in the cache above): wrong passwords for
# one username, and attempts and sign-ups from one address, each within a window.
RATELIMIT_USE_CACHE = "default"
LOGIN_RATE_PER_USERNAME = ENV.get("LOGIN_RATE_PER_USERNAME", "5/15m")
LOGIN_RATE_PER_IP = ENV.get("LOGIN_RATE_PER_IP", "60/15m")
SIGNUP_RATE_PER_IP = ENV.get("SIGNUP_RATE_PER_IP", "20/h")
#: Guests made from one address (each is an account and a match against the computer).
GUEST_RATE_PER_IP = ENV.get("GUEST_RATE_PER_IP", "20/h")
# Websocket messages of one user across all their sockets and processes (each socket also has its
# own bucket, consumers.BURST and RATE): twice what one socket may send, however many are open.
SOCKET_RATE_PER_USER = ENV.get("SOCKET_RATE_PER_USER", "200/10s")
# Calls of the open API by one token (django-ninja's throttle, in the cache above): a bot acting on
# every decision of several matches at once stays well under it.
API_RATE_PER_TOKEN = ENV.get("API_RATE_PER_TOKEN", "120/10s")
#: Seconds of quiet after which an open API stream sends an empty line (and checks what a lost
#: broadcast would hide: the match moved on, the token revoked).
API_STREAM_KEEPALIVE = float(ENV.get("API_STREAM_KEEPALIVE", "7"))
# Seconds a seat's player may go unseen (no page socket beating, no stream, no API call) before the
# open API's match stream tells the other side `opponent_gone` (polis_site/matches/presence.py).
OPPONENT_GONE_AFTER = float(ENV.get("OPPONENT_GONE_AFTER", "90"))
#: Matches one user creates (and challenges withdrawn): each may start the computer thinking or
#: reach every lobby page.
CREATE_RATE_PER_USER = ENV.get("CREATE_RATE_PER_USER", "30/h")
#: Matches against the computer one player may have in play at once.
COMPUTER_MATCHES_PER_USER = int(ENV.get("COMPUTER_MATCHES_PER_USER", "5"))
#: Chat messages of one user, in all their matches together.
CHAT_RATE_PER_USER = ENV.get("CHAT_RATE_PER_USER", "10/30s")
#: The echo socket (/ws/echo/) proves the channel layer; for staff, development and load tests only.
POLIS_ECHO_SOCKET = config.env_bool(ENV, "ECHO_SOCKET", default=DEBUG)
# The computer opponent (polis_site/computer/seat.py). Its decisions are tasks on the queue,
# thought in worker processes of their own: a worker the app starts on the embedded default
# ("embedded"), `manage.py computer` on any number of machines ("external", docker-compose's
# `computer` service), or none ("off").
COMPUTER_WORKER = ENV.get("COMPUTER_WORKER", "embedded")
#: Processes of one worker that think, each one decision at a time (each takes a core while it does).
COMPUTER_PROCESSES = int(ENV.get("COMPUTER_PROCESSES", str(max(1, (os.cpu_count() or 2) - 1))))
#: The least time, in seconds, between the move the computer answers and its answer, so that a
#: player sees the move arrive rather than an instant reply.
COMPUTER_PAUSE = float(ENV.get("COMPUTER_PAUSE", "1.0"))
#: Seconds of waiting after which the match page tells the player that the computer is taking
#: longer than usual: its pause, hard's p99 in pure Python and a queue behind other matches.
COMPUTER_LATE_SECONDS = float(ENV.get("COMPUTER_LATE_SECONDS", "20"))
#: Whether a match's analysis (polis_site/analysis/) is queued as it ends; off, only on request (a
#: site short of cores, or the browser tests, whose worker must answer their own matches).
ANALYSE_FINISHED = config.env_bool(ENV, "ANALYSE_FINISHED", default=True)
#: The level whose games to the end check a suspected mistake (engine/analysis.py's CHECK_LEVEL,
#: minutes a suspect); "random" for the browser tests, whose part is the page's, not the check's.
ANALYSIS_CHECK_LEVEL = ENV.get("ANALYSIS_CHECK_LEVEL", "medium")
#: Seconds a decision may take before its process is ended (then it is tried again): thinking is
#: budgeted in work, not time, and the idle class may slow it many times on a busy machine.
COMPUTER_TIMEOUT = int(ENV.get("COMPUTER_TIMEOUT", "60"))
#: Seconds after a worker took a decision when, unacknowledged (its process died), it is given to
#: another: longer than COMPUTER_TIMEOUT and the wait behind the worker's own queue.
COMPUTER_RETRY = int(ENV.get("COMPUTER_RETRY", "90"))
Q_CLUSTER = {
    "name": "polis",
    "orm": "default",
    "broker_class": "polis_site.tasks.OldestFirst",
    "workers": COMPUTER_PROCESSES,
    # Each process thinks one decision at a time, and the worker takes from the queue no more than
    # it can start soon (django-q2 holds two more in hand: docs/architecture.md).
    "queue_limit": 1,
    "bulk": 1,
    "poll": float(ENV.get("COMPUTER_POLL", "0.1")),
    "timeout": COMPUTER_TIMEOUT,
    "retry": COMPUTER_RETRY,
    # A task that failed (raised, or ran past `timeout`) is given out again after `retry`; after this
    # many failed attempts it is dropped (a worker that died counts none).
    "ack_failures": False,
    "max_attempts": 5,
    # Successes are recorded as thoughts (ComputerThought); failures in django-q2's own table.
    "save_limit": -1,
    "catch_up": False,
    # Each worker's scheduler puts due schedules on the queue (deadlines, the sweep: clocks app)
    # every 30 s; a test turns it off where a player's claim must find a match not already ended
    # by the sweep.
    "scheduler": ENV.get("QUEUE_SCHEDULER", "1") == "1",
    "label": "Task queue",
}
#: /healthz reports storage down when the SQLite database's disk has less than this left.
STORAGE_MIN_FREE_MB = int(ENV.get("STORAGE_MIN_FREE_MB", "16"))
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby:lobby"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("es", "Español")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(ENV.get("STATIC_ROOT", BASE_DIR / "var" / "static"))
# The app serves its own static files (no build step, no extra server) unless a proxy takes over.
SERVE_STATIC = config.env_bool(ENV, "SERVE_STATIC", default=True)

if not DEBUG:
    SESSION_COOKIE_SECURE = config.env_bool(ENV, "SECURE_COOKIES", default=False)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
    # Served over TLS (SECURE_COOKIES): browsers are told to use nothing else for a year, on every
    # subdomain too, and the site may be put on the browsers' preload list (docs/deploy.md says how
    # to opt out of either).
    SECURE_HSTS_SECONDS = 365 * 24 * 3600 if SESSION_COOKIE_SECURE else 0
    SECURE_HSTS_INCLUDE_SUBDOMAINS = config.env_bool(ENV, "HSTS_INCLUDE_SUBDOMAINS", default=SESSION_COOKIE_SECURE)
    SECURE_HSTS_PRELOAD = config.env_bool(ENV, "HSTS_PRELOAD", default=SESSION_COOKIE_SECURE)
    # TLS ends in front of the site's proxy, which redirects http to https there; the processes and
    # the proxy's health checks speak plain HTTP inside, so the site itself redirects nothing.
    SILENCED_SYSTEM_CHECKS = ["security.W008"]

# Content Security Policy (django-csp): scripts, styles and connections from this site only (the
# websocket included: CSP 3's 'self' matches ws: and wss: to the same host), no frames, no plugins.
# The admin's own pages keep Django's inline bits and are for staff only.
CONTENT_SECURITY_POLICY = {
    "EXCLUDE_URL_PREFIXES": ["/admin/"],
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": ENV.get("LOG_LEVEL", "INFO")},
}

# Turn notices by email (console by default: the message is printed, nothing is sent).
EMAIL_BACKEND = ENV.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = ENV.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(ENV.get("EMAIL_PORT", "25"))
DEFAULT_FROM_EMAIL = ENV.get("DEFAULT_FROM_EMAIL", "Polis Online <polis@localhost>")
# An address for turn notices is used once its owner opened the link sent to it (django-allauth);
# until then notices go to the address confirmed before, if any (issue 21, point 8).
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_CONFIRM_EMAIL_ON_GET = True
ACCOUNT_EMAIL_CONFIRMATION_AUTHENTICATED_REDIRECT_URL = "/matches/preferences/"
ACCOUNT_EMAIL_CONFIRMATION_ANONYMOUS_REDIRECT_URL = "/matches/preferences/"
ACCOUNT_EMAIL_SUBJECT_PREFIX = "Polis Online: "
#: The site's public address, for the links in emails.
POLIS_SITE_URL = ENV.get("SITE_URL", "http://127.0.0.1:8000")
#: A player who moved in a match this recently is at the board: no email for it.
POLIS_NOTIFY_AWAY_SECONDS = int(ENV.get("NOTIFY_AWAY_SECONDS", "300"))
#: How long a "day" of a turn-based match's time limit is, in seconds: shortened only by tests and
#: demonstrations (DAY_SECONDS), so that a match nobody visits ends on time within a test.
POLIS_DAY_SECONDS = int(ENV.get("DAY_SECONDS", "86400"))
#: Web Push (issue 39): the VAPID key pair (config.vapid) and the contact a push service may write to.
VAPID_PRIVATE_KEY, VAPID_PUBLIC_KEY = config.vapid(ENV, BASE_DIR)
VAPID_SUBJECT = ENV.get("VAPID_SUBJECT", "mailto:polis@localhost")
