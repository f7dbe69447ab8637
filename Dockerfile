# The engine compiled by mypyc, for the computer's worker (manage.py computer thinks with it when it
# is built for the image's source; the web processes keep to pure Python). Its own stage: the C
# compiler stays out of the image.
FROM python:3.11-slim-bookworm AS compiled
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml ./
RUN pip install --no-cache-dir mypy==2.4.1
COPY scripts/build-compiled-engine.sh ./scripts/
COPY engine ./engine
RUN scripts/build-compiled-engine.sh /usr/local/bin/python /src/build/compiled

# The web image: Daphne serving polis_site.asgi. docker-compose.yml runs several of these.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
RUN useradd --create-home --uid 10001 polis

COPY pyproject.toml README.md ./
COPY engine ./engine
COPY polis_site ./polis_site
RUN pip install --no-cache-dir .

COPY manage.py ./
COPY templates ./templates
COPY static ./static
COPY locale ./locale
COPY docs/rulings.md ./docs/rulings.md
COPY --from=compiled /src/build/compiled ./build/compiled

USER polis
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=5s --retries=3 \
    CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4).status != 200)"
CMD ["daphne", "-b", "0.0.0.0", "-p", "8000", "--proxy-headers", "polis_site.asgi:application"]
