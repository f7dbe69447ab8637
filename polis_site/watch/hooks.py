"""The watch app in play's seams and the preferences page: private matches kept from spectators
(`may_watch`), spectators counted (`presence`) and their number on the match's page (`page_parts`;
the page asks for it with `{"type": "watchers"}` and hears each change after),
the privacy preference (`polis_site.preferences.sections`), and the hourly sweep on the queue."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.loader import render_to_string
from django_q.models import Schedule

from polis_site import preferences, tasks
from polis_site.matches import extensions
from polis_site.matches.models import Match
from polis_site.watch import services

SWEEP = "watch sweep"


def watchers_part(request: HttpRequest, match: Match, seat: str | None) -> str:
    if match.status == Match.Status.FINISHED:
        return ""
    return render_to_string("watch/_watchers.html", {"count": services.watching(match.pk)}, request=request)


def privacy_section(request: HttpRequest) -> str:
    return render_to_string("watch/_privacy.html", {"private": services.is_private(request.user)}, request=request)


tasks.periodic("polis_site.watch", SWEEP, "polis_site.watch.services.sweep", schedule_type=Schedule.HOURLY)


extensions.may_watch.append(services.may_watch)
extensions.presence.append(services.presence)
extensions.socket_messages["watchers"] = extensions.SocketMessage(services.asked, about="watch", listens=services.listeners)
extensions.page_parts["head"].append(watchers_part)
preferences.sections.append(privacy_section)
