#!/usr/bin/env bash
# Installs the Debian packages the test suite drives for real, only those that are missing:
# redis-server, PostgreSQL, nginx (the compose proxy), Chromium and its driver.
set -euo pipefail

missing=()
command -v redis-server >/dev/null || missing+=(redis-server)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
command -v psql >/dev/null || missing+=(postgresql-client)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing Debian packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null; then
  sudo=(sudo)
else
  echo "Not root and no sudo: install ${missing[*]} yourself, then run make test again." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# Debian starts the services it installs where it can; the tests run their own on free ports.
for service in redis-server postgresql nginx; do
  "${sudo[@]}" service "$service" stop >/dev/null 2>&1 || true
done
