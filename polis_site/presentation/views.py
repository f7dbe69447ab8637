"""Thin views: "my matches", the match page and its buttons (resign, claim the win), the replay,
and the HTTP API that calls the same write path as the websocket (for
clients without websockets and for scripts)."""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from engine.errors import ActionError
from polis_site import throttles
from polis_site.matches import extensions, imports, services, wire
from polis_site.matches.models import COMPUTER_LEVELS, Match
from polis_site.presentation import board, listings, notations, refusals, replays, seat_messages, words
from polis_site.presentation import reading as reading_prefs



@login_required
@require_GET
def my_matches(request: HttpRequest) -> HttpResponse:
    return render(request, "matches/my_matches.html", {"rows": listings.my_matches_listing(request.user)})


@login_required
@require_POST
def resign(request: HttpRequest, match_id: int) -> HttpResponse:
    return button(request, match_id, services.resign)


@login_required
@require_POST
def abort(request: HttpRequest, match_id: int) -> HttpResponse:
    return button(request, match_id, services.abort)


@login_required
@require_POST
def claim(request: HttpRequest, match_id: int) -> HttpResponse:
    return button(request, match_id, services.claim_time_out)


def button(request: HttpRequest, match_id: int, service: Any) -> HttpResponse:
    """A player's button on a match's page (resign, claim the win; the lobby's rematch): the match
    it leads to, or the same page with the refusal."""
    try:
        match = service(match_id, request.user)
    except ActionError as error:
        messages.error(request, refusals.said(error))
        return redirect("matches:match", match_id=match_id)
    return redirect(match)


def _replayable(request: HttpRequest, match_id: int) -> Match:
    match = get_object_or_404(Match.objects.select_related("athens", "sparta"), pk=match_id)
    if not replays.may_replay(match, request.user):
        raise Http404("only finished matches can be replayed")
    return match


@require_GET
def replay(request: HttpRequest, match_id: int) -> HttpResponse:
    """A finished match, step by step, with its summary: public, so its link can be shared."""
    match = _replayable(request, match_id)
    summary = replays.summary(match)  # replays the whole log once; the page opens on its last step
    # Other apps' lines beside the log (the chat), each after the action it followed.
    beside: dict[int, list[str]] = {}
    for lines in extensions.replay_lines:
        for version, html in lines(request, match).items():
            beside.setdefault(version, []).extend(html)
    log = [{**entry, "judged": summary["judged"].get(entry["seq"]), "after": beside.get(entry["seq"], [])}
           for entry in _in_page_language(seat_messages.log_since(match, 0))]
    return render(request, "matches/match.html", {
        "match": match, "seat": None, "replay": True, "initial": replays.step(match, match.version, summary["state"]),
        "log": log, "before": beside.get(0, []), "board": board.drawing(match.ruleset),
        "catalogue": board.catalogue(match.ruleset), "summary": summary, "levels": COMPUTER_LEVELS,
        "replay_parts": [html for part in extensions.replay_parts if (html := part(request, match))]})


@require_GET
def notation(request: HttpRequest, match_id: int) -> HttpResponse:
    """The finished match in Polis notation (docs/notation.md), its lines in the reader's words, its
    Site tag the address it was downloaded from."""
    match = _replayable(request, match_id)
    response = HttpResponse(notations.text_of(match, site=request.build_absolute_uri("/")),
                            content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="polis-{match.pk}.txt"'
    return response


@login_required
@require_POST
def play_on(request: HttpRequest, match_id: int) -> HttpResponse:
    """A new match against the computer from the replay's step (imports.play_on); refused, back to
    the replay with the reason."""
    source = _replayable(request, match_id)
    try:
        upto = int(request.POST.get("upto", source.version))
    except ValueError:
        upto = -1
    try:
        match = imports.play_on(source, request.user, upto, request.POST.get("side", ""), request.POST.get("level", ""),
                                same_dice=request.POST.get("same_dice") == "on")
    except ActionError as error:
        messages.error(request, refusals.said(error))
        return redirect("matches:replay", match_id=match_id)
    return redirect(match)


@require_GET
def replay_step(request: HttpRequest, match_id: int, seq: int) -> JsonResponse:
    match = _replayable(request, match_id)
    try:
        return JsonResponse(replays.step(match, seq))
    except ActionError as error:
        return JsonResponse({"type": "error", **error.to_dict()}, status=404)


def _in_page_language(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each entry's words in the request's language (the entries carry every language the site
    speaks), each line a sentence (as the page's script writes those that come later)."""
    language = (translation.get_language() or settings.LANGUAGE_CODE).split("-")[0]
    pick = language if language in words.LANGUAGES else words.LANGUAGES[0]
    def told(said: dict[str, Any]) -> dict[str, Any]:  # a move's, or a part of the round's, line and lines under it
        return {"line": words.sentence(said["words"][pick]), "then": [words.sentence(line) for line in said["happened"][pick]]}

    return [{"seq": e["seq"], "side": e["side"], **told(e), "places": " ".join(e["places"]),
             "round": [{"part": r["part"], **told(r)} for r in e["round"]]} for e in log]


@login_required
@require_POST
def reading(request: HttpRequest) -> HttpResponse:
    """The board as text, on or off for the account: from the preferences page (back to it, said
    so), or from a match page's switch (`next`, a page of this site: back there)."""
    on = request.POST.get("text_view") == "on"
    reading_prefs.set_text_view(request.user, on)
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return redirect(back)
    messages.success(request, _("The board is shown as text now.") if on else _("The board is shown as a map now."))
    return redirect("notices:preferences")


@require_GET
def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """A seat's page, or anyone's who watches (no account needed), unless the match is kept from them."""
    match = extensions.watched(match_id, request.user)
    if match is None:
        raise Http404("no such match")
    seat = match.side_of(request.user)
    return render(request, "matches/match.html", {
        "match": match, "seat": seat, "initial": seat_messages.state_message(match, match.state(), seat),
        "log": _in_page_language(seat_messages.log_since(match, 0)), "opening": seat_messages.opening(match),
        "board": board.drawing(match.ruleset), "catalogue": board.catalogue(match.ruleset),
        "text_view": reading_prefs.text_view(request.user),
        "parts": {slot: [html for part in parts if (html := part(request, match, seat))]
                  for slot, parts in extensions.page_parts.items()}})


# --------------------------------------------------------------------------- the HTTP API


def _api_error(error: ActionError, match_id: int | None, user: Any) -> JsonResponse:
    """A refusal, with the match's state as the user sees it (`match_id` None: none to show)."""
    body: dict[str, Any] = {"type": "error", **error.to_dict()}
    match = Match.objects.filter(pk=match_id).first() if match_id is not None else None
    if match is not None:
        body["state"] = seat_messages.state_message(match, match.state(), match.side_of(user))
    return JsonResponse(body, status=refusals.http_status(error))


def _api_refused(request: HttpRequest) -> JsonResponse | None:
    """The refusal of an API call made without logging in, or past the user's rate (counted with
    their socket messages: one allowance for both ways in), which says when to try again."""
    if not request.user.is_authenticated:
        return JsonResponse({"type": "error", "code": "login_required", "message": _("log in first")}, status=401)
    wait = throttles.socket_message_wait(request.user.pk)
    if wait is None:
        return None
    response = JsonResponse({"type": "error", "code": "rate_limited", "retry_after": wait,
                             "message": f"more than {settings.SOCKET_RATE_PER_USER} requests; try again in {wait} s"},
                            status=429)
    response["Retry-After"] = str(wait)
    return response


@require_GET
def api_state(request: HttpRequest, match_id: int) -> JsonResponse:
    """The requester's own view (a spectator's if unseated); `?since=n` adds the log after version n."""
    refused = _api_refused(request)
    if refused is not None:
        return refused
    match = extensions.watched(match_id, request.user)
    if match is None:
        return _api_error(services.MatchError(f"there is no match {match_id}", code="no_such_match"), None,
                          request.user)
    body = seat_messages.state_message(match, match.state(), match.side_of(request.user))
    since = request.GET.get("since")
    if since is not None:
        if not re.fullmatch(r"[0-9]{1,9}", since):
            return JsonResponse({"type": "error", "code": "malformed", "message": f"since={since[:20]!r} is not a version"},
                                status=400)
        body["log"] = seat_messages.log_since(match, int(since))
    return JsonResponse(body)


@require_POST
def api_act(request: HttpRequest, match_id: int) -> JsonResponse:
    """POST {"action": {...}, "client_action_id": "...", "version": n}: the websocket's `act`."""
    refused = _api_refused(request)
    if refused is not None:
        return refused
    try:
        try:
            raw = request.body
        except RequestDataTooBig:  # past Django's own limit (2.5 MB), before reading it at all
            raise wire.Refused("too_large", f"the body is larger than {wire.MAX_MESSAGE} bytes") from None
        body = wire.loads(raw or b"null")
        if not isinstance(body, dict):
            raise wire.Refused("malformed", f"the body must be a JSON object, not {type(body).__name__}")
    except wire.Refused as refused:
        return _api_error(services.MatchError(refused.message, code=refused.code), match_id, request.user)
    try:
        submission = services.submit_action(match_id, request.user, body.get("action"), body.get("client_action_id"),
                                            body.get("version"))
    except ActionError as error:
        return _api_error(error, match_id, request.user)
    side = submission.match.side_of(request.user)
    return JsonResponse({"type": "ack", "seq": submission.record.seq, "duplicate": submission.duplicate,
                         "version": submission.match.version,
                         "state": seat_messages.state_message(submission.match, submission.state, side)})
