"""Web Push on the page (issue 39): every page registers the site's service worker; a push
delivered to it through the DevTools protocol (ServiceWorker.deliverPushMessage) shows a notice,
and the notice's click opens its match. The preferences page offers notices on this device."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.e2e.test_match_browser import sign_up
from tests.support.clicking import until
from tests.support.services import DaphneProcess
from tests.support.clicking import WAIT_MS

pytestmark = pytest.mark.browser

NOTICES = ("navigator.serviceWorker.ready.then((r) => r.getNotifications())"
           ".then((ns) => ns.map((n) => ({title: n.title, body: n.body, tag: n.tag, url: n.data.url})))")
#: What a click on the notice does, run in the worker: the browser's own click is not scriptable.
CLICK = """async () => {
  const [notice] = await self.registration.getNotifications();
  self.dispatchEvent(new NotificationEvent("notificationclick", {notification: notice}));
}"""


def test_a_pushed_notice_shows_and_its_click_opens_the_match(browser, live_site: DaphneProcess) -> None:
    context = browser.new_context()
    context.grant_permissions(["notifications"], origin=live_site.base_url)
    page = context.new_page()
    sign_up(page, live_site.base_url, f"aspasia-{int(time.time() * 1000) % 10**8}")
    page.goto(f"{live_site.base_url}/matches/")
    page.locator("#computer-match button[type=submit]").click()
    page.wait_for_url("**/matches/*/")
    match_url = page.url.removeprefix(live_site.base_url)

    page.goto(f"{live_site.base_url}/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # the worker is registered and active
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=WAIT_MS)
    cdp = context.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: registrations.extend(event["registrations"]))
    # What the worker did, said if no notice shows (it failed so once in a quiet run's full load).
    versions: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerVersionUpdated", lambda event: versions.extend(event["versions"]))
    cdp.on("ServiceWorker.workerErrorReported", lambda event: versions.append(event["errorMessage"]))
    cdp.send("ServiceWorker.enable")
    registration = until(page, lambda: next((r for r in registrations if not r["isDeleted"]), None), "registration")
    assert registration["scopeURL"] == f"{live_site.base_url}/"
    cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": live_site.base_url, "registrationId": registration["registrationId"],
        "data": json.dumps({"title": "Polis: your move", "body": "Your match waits.", "url": match_url, "tag": "turn-1"})})
    try:
        shown = until(page, lambda: page.evaluate(NOTICES), "notice")
    except AssertionError as error:
        # Chromium shows a notice only once its icon is fetched, or after 90 s (kImageFetchTimeout).
        worker = [(v.get("runningStatus"), v.get("status")) if "runningStatus" in v else v for v in versions]
        icon = [line for line in live_site.log.read_text(encoding="utf-8").splitlines() if "icon-192" in line]
        raise AssertionError(f"{error}; the registration {registration}; the worker's versions and errors "
                             f"{worker}; the icon's requests in the site's log {icon[-3:]}") from error
    assert shown == [{"title": "Polis: your move", "body": "Your match waits.", "tag": "turn-1", "url": match_url}]

    until(page, lambda: context.service_workers, "service worker")[0].evaluate(CLICK)
    page.wait_for_url(f"**{match_url}", timeout=WAIT_MS)
    assert page.evaluate(NOTICES) == []  # the click closed it

    page.goto(f"{live_site.base_url}/matches/preferences/")
    page.locator("#push-on").wait_for(timeout=WAIT_MS)  # offered, this device not yet subscribed
    assert page.locator("#push-status").inner_text() == "Notices are off for this device."
    context.close()
