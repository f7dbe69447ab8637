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

USER polis
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=5s --retries=3 \
    CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4).status != 200)"
CMD ["daphne", "-b", "0.0.0.0", "-p", "8000", "--proxy-headers", "polis_site.asgi:application"]
