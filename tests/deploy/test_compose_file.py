"""docker-compose.yml holds every service, port and variable the site needs (Docker cannot run here)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.deploy.compose import REPO, interpolate, load, service_of_url, web_services

# Every environment variable the settings read, and whether production must set it.
SETTINGS_SOURCES = [REPO / "polis_site" / "settings.py", REPO / "polis_site" / "config.py"]
REQUIRED_IN_PRODUCTION = {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "DATABASE_URL", "REDIS_URL",
                          "SITE_URL"}
OPTIONAL = {"SQLITE_PATH", "STATIC_ROOT", "SERVE_STATIC", "SECURE_COOKIES", "LOG_LEVEL", "DB_CONN_MAX_AGE", "CHANNELS_PREFIX",
            "REDIS_MAX_CONNECTIONS", "EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "DEFAULT_FROM_EMAIL",
            "NOTIFY_AWAY_SECONDS", "LOGIN_RATE_PER_USERNAME", "LOGIN_RATE_PER_IP", "SIGNUP_RATE_PER_IP", "GUEST_RATE_PER_IP",
            "SOCKET_RATE_PER_USER", "ECHO_SOCKET", "STORAGE_MIN_FREE_MB",
            "HSTS_INCLUDE_SUBDOMAINS", "HSTS_PRELOAD", "COMPUTER_WORKER", "COMPUTER_PROCESSES", "COMPUTER_PAUSE", "ANALYSE_FINISHED",
            "ANALYSIS_CHECK_LEVEL",
            "COMPUTER_POLL", "COMPUTER_TIMEOUT", "COMPUTER_RETRY", "COMPUTER_LATE_SECONDS", "CHAT_RATE_PER_USER",
            "CREATE_RATE_PER_USER", "API_RATE_PER_TOKEN", "API_STREAM_KEEPALIVE", "OPPONENT_GONE_AFTER",
            "COMPUTER_MATCHES_PER_USER", "DAY_SECONDS", "QUEUE_SCHEDULER", "VAPID_PRIVATE_KEY",
            "VAPID_PUBLIC_KEY", "VAPID_SUBJECT"}


def variables_read_by_settings() -> set[str]:
    pattern = re.compile(r"""(?:env|ENV)(?:\.get\(|_bool\(ENV, |_list\(ENV, |\[)\s*["']([A-Z_]+)["']""")
    return {name for path in SETTINGS_SOURCES for name in pattern.findall(path.read_text())}


def test_every_variable_the_settings_read_is_classified() -> None:
    seen = variables_read_by_settings()
    assert REQUIRED_IN_PRODUCTION <= seen, "the scan of the settings lost track of a variable"
    assert seen <= REQUIRED_IN_PRODUCTION | OPTIONAL, f"unclassified: {seen - REQUIRED_IN_PRODUCTION - OPTIONAL}"


def test_services_are_all_there() -> None:
    services = load()["services"]
    assert {"db", "redis", "migrate", "proxy"} <= set(services)
    assert services["db"]["image"].startswith("postgres:")
    assert services["redis"]["image"].startswith("redis:")
    assert services["proxy"]["image"].startswith("nginx:")


def test_at_least_two_daphne_processes_with_every_production_variable() -> None:
    webs = web_services(load())
    assert len(webs) >= 2
    for web in webs:
        assert web.command[:1] == ["daphne"] and web.application == "polis_site.asgi:application"
        assert "--proxy-headers" in web.command
        assert REQUIRED_IN_PRODUCTION <= set(web.environment), f"{web.name} lacks {REQUIRED_IN_PRODUCTION - set(web.environment)}"
        assert web.environment["DEBUG"] == "0"
        assert "?" in web.environment["SECRET_KEY"], "SECRET_KEY must be demanded, not defaulted"


def test_urls_point_at_the_services_and_credentials_agree() -> None:
    compose = load()
    services = compose["services"]
    db_env = services["db"]["environment"]
    for web in web_services(compose):
        assert service_of_url(web.environment["DATABASE_URL"]) == ("db", 5432)
        assert service_of_url(web.environment["REDIS_URL"]) == ("redis", 6379)
        url = interpolate(web.environment["DATABASE_URL"])
        assert url == f"postgres://{db_env['POSTGRES_USER']}:{interpolate(db_env['POSTGRES_PASSWORD'])}@db:5432/{db_env['POSTGRES_DB']}"
    assert services["migrate"]["environment"]["DATABASE_URL"] == web_services(compose)[0].environment["DATABASE_URL"]
    assert services["migrate"]["command"][-2:] == ["migrate", "--noinput"]


def test_start_order_and_health_checks() -> None:
    services = load()["services"]
    for name in ("db", "redis", "proxy"):
        assert "healthcheck" in services[name], name
    for web in web_services(load()):
        service = services[web.name]
        assert "healthcheck" in service and "/healthz" in " ".join(service["healthcheck"]["test"])
        assert service["depends_on"]["db"]["condition"] == "service_healthy"
        assert service["depends_on"]["redis"]["condition"] == "service_healthy"
        assert service["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
        assert services["proxy"]["depends_on"][web.name]["condition"] == "service_healthy"


def test_proxy_publishes_a_port_and_its_template_names_every_web_service() -> None:
    proxy = load()["services"]["proxy"]
    assert proxy["ports"] and interpolate(proxy["ports"][0]).endswith(":80")
    mount = next(volume for volume in proxy["volumes"] if "templates" in volume)
    template = REPO / mount.split(":")[0].removeprefix("./")
    assert template.exists()
    names = set(re.findall(r"\$\{([A-Z0-9_]+)\}", template.read_text()))
    assert names <= set(proxy["environment"]), f"template needs {names - set(proxy['environment'])}"
    upstreams = {value.split(":")[0] for key, value in proxy["environment"].items() if key.endswith("_UPSTREAM")}
    assert upstreams == {web.name for web in web_services(load())}
    assert "proxy_set_header Upgrade $http_upgrade" in template.read_text()


def test_dockerfile_builds_what_compose_runs() -> None:
    dockerfile = (REPO / "Dockerfile").read_text()
    assert "pip install" in dockerfile and "COPY engine" in dockerfile and "COPY templates" in dockerfile
    assert '"polis_site.asgi:application"' in dockerfile
    compose = load()
    assert all(compose["services"][web.name].get("build") == "." for web in web_services(compose))


def test_every_path_the_dockerfile_copies_exists() -> None:
    dockerfile = (REPO / "Dockerfile").read_text()
    stages = set(re.findall(r"^FROM \S+ AS (\S+)$", dockerfile, flags=re.M))
    for source in re.findall(r"^COPY (\S+(?: \S+)*) \S+$", dockerfile, flags=re.M):
        stage = re.match(r"--from=(\S+) ", source)
        if stage:  # from a stage of the build (the compiled engine): the stage must be there
            assert stage.group(1) in stages, f"Dockerfile copies from a stage it does not build: {source}"
            continue
        for item in source.split():
            assert (REPO / item).exists(), f"Dockerfile copies {item}, which is missing"
    assert Path(REPO / "locale").is_dir()


def test_the_computer_thinks_in_a_service_of_its_own_not_in_the_web_processes() -> None:
    services = load()["services"]
    worker = services["computer"]
    assert worker["command"] == ["python", "manage.py", "computer"] and worker["build"] == "."
    # A worker that ends is started again, as Daphne does for the embedded one (issue 54).
    assert worker["restart"] in ("always", "unless-stopped")
    # `docker compose up --scale computer=3`: nothing in it may be one of a kind (a name, a port).
    assert "container_name" not in worker and "ports" not in worker
    for web in web_services(load()):
        assert web.environment["COMPUTER_WORKER"] == "external", web.name
        # The same database and settings as the site's processes: it writes through the same path.
        assert {k: v for k, v in worker["environment"].items() if k in web.environment} == web.environment
        for dependency, condition in services[web.name]["depends_on"].items():
            assert worker["depends_on"][dependency]["condition"] == condition["condition"]


def test_the_image_holds_the_compiled_engine_where_the_worker_looks_for_it() -> None:
    """The compiled stage builds with the script `make engine-compiled` runs; the image keeps the
    build in build/compiled beside polis_site (compiled.built() looks there), without a compiler."""
    dockerfile = (REPO / "Dockerfile").read_text()
    built = re.search(r"^RUN scripts/build-compiled-engine\.sh \S+ (\S+)$", dockerfile, flags=re.M)
    assert built, "the compiled stage does not run scripts/build-compiled-engine.sh"
    copied = re.search(r"^COPY --from=compiled (\S+) (\S+)$", dockerfile, flags=re.M)
    assert copied and copied.group(1) == built.group(1) and copied.group(2) == "./build/compiled"
    final = dockerfile.rsplit("\nFROM ", 1)[1]
    assert "gcc" not in final and "WORKDIR /app" in final and "COPY polis_site ./polis_site" in final
