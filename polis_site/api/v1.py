"""/api/v1/: the open API (django-ninja), its OpenAPI 3 schema at /api/v1/schema/ and its docs at
/api/v1/docs/. Every refusal is the page's typed error, `{"type": "error", "code", "message"}`, with
an HTTP status by family; nothing django-ninja or Django says in its own shape reaches a client.

Versioning: everything under /api/v1/ keeps its meaning. Fields may be added to answers and
streams (a client reads what it knows); a field removed or changed, or a new required input, is a
new version beside this one, /api/v2/, and v1 is kept for six months after it (docs/api.md)."""

from __future__ import annotations

import logging
import math
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, Throttled, ValidationError

from engine.errors import ActionError
import polis_site.converters  # noqa: F401  (registers the "id" converter: a row id of at most 18 digits)
from polis_site.api import account, auth, challenges, play, streams, tournaments
from polis_site.presentation import refusals

logger = logging.getLogger(__name__)

class OpenApi(NinjaAPI):
    """django-ninja's API, whose schema also names the two streams, served in front of Django
    (streams.py, which documents them)."""

    def get_openapi_schema(self, *args: Any, **kwargs: Any) -> Any:
        schema = super().get_openapi_schema(*args, **kwargs)
        schema["paths"].update(streams.OPENAPI)
        schema.setdefault("components", {}).setdefault("securitySchemes", {})["Token"] = {
            "type": "http", "scheme": "bearer", "description": "a personal access token, polis_…"}
        for path in schema["paths"].values():
            for method, operation in path.items():
                documented = operation.setdefault("responses", {})
                asks = any(p.get("in") == "query" for p in operation.get("parameters", ()))
                for status, meaning in (_ANY_CALL + (_WITH_BODY if method in ("post", "put", "patch") else ())
                                        + (_WITH_QUERY if asks else ())):
                    if status in documented or str(status) in documented:  # ninja's keys are numbers
                        continue
                    documented[str(status)] = {"description": meaning, "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/Error"}}}}
                if operation.get("operationId") in TEXT_ANSWERS:  # ninja says JSON of every answer
                    answer = documented[200 if 200 in documented else "200"]
                    answer["content"] = {"text/plain": answer["content"]["application/json"]}
        return schema

    def get_openapi_operation_id(self, operation: Any) -> str:
        """The view's own name (`act`, `options`): no module path in a generated client's methods."""
        return str(operation.view_func.__name__)


#: The calls whose answer is text, not JSON (a match's notation, docs/notation.md).
TEXT_ANSWERS = {"notation"}
#: The refusals any call of a token may meet, and those of a call with a body or a query, each
#: documented on every operation: 401 (no token, a bad or revoked one), 403 (a scope the token
#: lacks), 429 (past the token's rate), 500 (a fault of ours, logged), 400 and 413 (a body not
#: readable, or too big), 400 (a query not readable).
_ANY_CALL = ((401, "no token, or a bad or revoked one"), (403, "a scope the token lacks, or not yours"),
             (429, "past the rate: retry_after seconds (and a Retry-After header)"),
             (500, "a fault of the server's, logged"))
_WITH_BODY = ((400, "a body not readable, or a value refused"), (413, "a body larger than the server reads"))
_WITH_QUERY = ((400, "a query parameter not readable"),)


api = OpenApi(
    title="Polis Online API", version="1", urls_namespace="api-v1", openapi_url="/schema/", docs_url="/docs/",
    throttle=[auth.PerToken()],
    description="Play Polis from a program: a bot, a tool, another client. Make a personal access token on your "
                "preferences page and send it as `Authorization: Bearer polis_…`. Each call names the scope it "
                "needs (read, play, challenge, bot). A match's state is your seat's own view; an action is built "
                "with the options call, field by field, and sent with act, as the match page does. Streams are "
                "newline-delimited JSON. Refusals are `{\"type\": \"error\", \"code\", \"message\"}` with the "
                "match page's codes.")


def refusal(request: HttpRequest, code: str, message: str, status: int, **extra: Any) -> HttpResponse:
    return api.create_response(request, {"type": "error", "code": code, "message": message, **extra}, status=status)


@api.exception_handler(ActionError)
def _action_error(request: HttpRequest, error: ActionError) -> HttpResponse:
    """The typed refusal; a wait it names (`retry_after`) also at the top and as Retry-After, and the
    match's state where the refusal was of a seat's action (play.py)."""
    body = {"type": "error", **error.to_dict()}
    wait = error.details.get("retry_after")
    if isinstance(wait, (int, float)):
        body["retry_after"] = wait
    state = getattr(error, "state", None)
    if state is not None:
        body["state"] = state
    response = api.create_response(request, body, status=refusals.http_status(error))
    if isinstance(wait, (int, float)):
        response["Retry-After"] = str(math.ceil(wait))
    return response


@api.exception_handler(RequestDataTooBig)
def _too_large(request: HttpRequest, error: RequestDataTooBig) -> HttpResponse:
    return refusal(request, "too_large", f"the body is larger than the {settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes "
                                         "the server reads", 413)


@api.exception_handler(ValidationError)
def _malformed(request: HttpRequest, error: ValidationError) -> HttpResponse:
    first = error.errors[0] if error.errors else {}
    where = ".".join(str(part) for part in first.get("loc", ()) if part not in ("body", "query", "path"))
    return refusal(request, "malformed", f"{where or 'the request'}: {first.get('msg', 'not readable')}", 400,
                   details={"errors": [{"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", ""))[:200]}
                                       for e in error.errors[:10]]})


@api.exception_handler(AuthenticationError)
def _unauthenticated(request: HttpRequest, error: AuthenticationError) -> HttpResponse:
    return refusal(request, "token_required", "send your token: Authorization: Bearer polis_…", 401)


@api.exception_handler(Throttled)
def _throttled(request: HttpRequest, error: Throttled) -> HttpResponse:
    wait = round(error.wait or 1.0, 3)
    response = refusal(request, "rate_limited", f"more calls than this token may make ({settings.API_RATE_PER_TOKEN}); "
                                                f"try again in {wait} s", 429, retry_after=wait)
    response["Retry-After"] = str(math.ceil(wait))
    return response


@api.exception_handler(Http404)
def _not_found(request: HttpRequest, error: Http404) -> HttpResponse:
    return refusal(request, "not_found", "there is nothing here", 404)


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, error: HttpError) -> HttpResponse:
    return refusal(request, "malformed" if error.status_code < 500 else "internal", str(error)[:200], error.status_code)


@api.exception_handler(Exception)
def _fault(request: HttpRequest, error: Exception) -> HttpResponse:
    logger.exception("API call %s %s failed", request.method, request.path)
    return refusal(request, "internal", "the server failed on this call; it was logged", 500)


for router in (account.router, challenges.router, play.router, tournaments.router):
    api.add_router("", router)
