"""Web Push (issue 39): notices that reach a player's devices with the site's tab closed. A device
subscribes from the preferences page (its service worker, static/sw.js); each notice is encrypted
for that device's keys and sent to its browser's push service, signed with the site's VAPID key
(pywebpush). A subscription the push service answers 404 or 410 is gone: it is dropped."""

from __future__ import annotations

import base64
import json
import logging
from typing import Any

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from py_vapid import Vapid

from polis_site.notices.models import PushSubscription
from polis_site.presentation import words

logger = logging.getLogger(__name__)

#: Seconds a push service has to answer; how long a notice may wait for a device that is off.
TIMEOUT = 10
TTL = 24 * 3600
#: The push service's answers that mean the subscription is gone for good.
GONE = (404, 410)


class PushError(ValueError):
    """A subscription refused: not a push subscription, or push is off on this site."""


def enabled() -> bool:
    return bool(settings.VAPID_PRIVATE_KEY and settings.VAPID_PUBLIC_KEY)


def new_key_pair() -> tuple[str, str]:
    """A VAPID pair: the private key as PEM, the public one as a browser's applicationServerKey."""
    vapid = Vapid()
    vapid.generate_keys()
    private = vapid.private_pem().decode()
    point = vapid.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return private, base64.urlsafe_b64encode(point).rstrip(b"=").decode()


def subscribe(user: Any, subscription: Any, language: str = "en") -> PushSubscription:
    """Stores a browser's `PushSubscription.toJSON()` for `user`, written to in `language` (a device
    moved to another account is theirs now)."""
    if not enabled():
        raise PushError("notices on devices are off on this site")
    try:
        endpoint, keys = subscription["endpoint"], subscription["keys"]
        p256dh, auth = keys["p256dh"], keys["auth"]
    except (KeyError, TypeError):
        raise PushError("a subscription has an endpoint and keys p256dh and auth") from None
    if not (isinstance(endpoint, str) and endpoint.startswith(("https://", "http://")) and len(endpoint) <= 1000
            and all(isinstance(k, str) and 0 < len(k) <= 200 for k in (p256dh, auth))):
        raise PushError("that is not a push subscription")
    return PushSubscription.objects.update_or_create(endpoint=endpoint, defaults={
        "user": user, "p256dh": p256dh, "auth": auth, "language": language if language in words.LANGUAGES else "en"})[0]


def unsubscribe(user: Any, endpoint: Any) -> None:
    PushSubscription.objects.filter(user=user, endpoint=endpoint if isinstance(endpoint, str) else None).delete()


def subscribed(user_id: int) -> bool:
    return enabled() and PushSubscription.objects.filter(user_id=user_id).exists()


def send(user_id: int, said: dict[str, tuple[str, str]], url: str, tag: str) -> int:
    """The notice (its title and text in each language) to each of the user's devices, in the
    device's language; a click opens `url`, and a later notice of the same `tag` replaces it. How
    many devices took it. A task on the queue: it waits on push services, never a web process."""
    if not enabled():
        return 0
    # Imported here: pywebpush brings aiohttp, 0.4 s of every process's start (`python -X importtime
    # manage.py check`), and only the queue's workers ever send.
    from pywebpush import WebPushException, webpush

    signer = Vapid.from_pem(settings.VAPID_PRIVATE_KEY.encode())
    delivered = 0
    for subscription in PushSubscription.objects.filter(user_id=user_id):
        title, body = said.get(subscription.language, said["en"])
        payload = json.dumps({"title": title, "body": body, "url": url, "tag": tag})
        try:
            webpush(subscription.info(), payload, vapid_private_key=signer,
                    vapid_claims={"sub": settings.VAPID_SUBJECT}, ttl=TTL, timeout=TIMEOUT)
            delivered += 1
        except WebPushException as error:
            status = getattr(error.response, "status_code", None)
            if status in GONE:
                subscription.delete()
            else:
                logger.warning("a push to %s failed (%s): %s", subscription.endpoint[:60], status, error)
        except OSError as error:  # the push service did not answer
            logger.warning("a push to %s failed: %s", subscription.endpoint[:60], error)
    return delivered
