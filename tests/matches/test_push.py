"""Web Push with real parts (issue 39): a push service run by the test on localhost takes each
notice the site sends; the test decrypts it with the subscription's own keys (RFC 8291,
aes128gcm) and checks the VAPID signature (RFC 8292) against the site's public key. A subscription
the service answers 410 is dropped; a player away is pushed their turn, in their device's language."""

from __future__ import annotations

import base64
import json
import os
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import pytest
from django_q.conf import Conf
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from polis_site.notices import push
from polis_site.notices import services as notify
from polis_site.notices.models import PushSubscription
from tests.matches.factories import UserFactory, active_match
from tests.matches.test_async_play import move_until_waiting_for

pytestmark = pytest.mark.django_db


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService(ThreadingHTTPServer):
    """What a browser's push service does with a notice: takes it (201), or says the subscription
    is gone (410) for paths under /gone/."""

    received: list[dict[str, Any]]


class Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.server.received.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body})  # type: ignore[attr-defined]
        self.send_response(410 if self.path.startswith("/gone/") else 201)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def push_service() -> Iterator[PushService]:
    server = PushService(("127.0.0.1", 0), Handler)
    server.received = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()


@pytest.fixture
def vapid(settings: Any) -> str:
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = push.new_key_pair()
    settings.VAPID_SUBJECT = "mailto:admin@polis.example"
    return settings.VAPID_PUBLIC_KEY


class Device:
    """A browser's side of a subscription: its key pair and auth secret."""

    def __init__(self, endpoint: str) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        public = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                    serialization.PublicFormat.UncompressedPoint)
        self.subscription = {"endpoint": endpoint, "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}

    def read(self, body: bytes) -> dict[str, Any]:
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"))


def check_vapid(headers: dict[str, str], public_key: str, audience: str) -> None:
    """The request is signed by the site's VAPID key, for this push service, by its contact."""
    scheme, _, fields = headers["authorization"].partition(" ")
    values = dict(part.strip().split("=", 1) for part in fields.split(","))
    assert scheme == "vapid" and values["k"] == public_key
    header, claims, signature = values["t"].split(".")
    raw = unb64(signature)
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    key.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
               f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    said = json.loads(unb64(claims))
    assert said["aud"] == audience and said["sub"] == "mailto:admin@polis.example"


def test_a_notice_is_encrypted_for_the_device_signed_by_the_site_and_a_gone_device_dropped(
        push_service: PushService, vapid: str) -> None:
    player = UserFactory()
    base = f"http://127.0.0.1:{push_service.server_port}"
    phone, old_laptop = Device(f"{base}/push/phone"), Device(f"{base}/gone/laptop")
    push.subscribe(player, phone.subscription, "es")
    push.subscribe(player, old_laptop.subscription, "en")
    said = {"en": ("Polis: your move", "Match 7 waits for your move."), "es": ("Polis: te toca", "La partida 7 espera.")}
    assert push.send(player.pk, said, "/matches/7/", "turn-7") == 1
    delivered = {request["path"]: request for request in push_service.received}
    assert set(delivered) == {"/push/phone", "/gone/laptop"}
    notice = delivered["/push/phone"]
    assert notice["headers"]["content-encoding"] == "aes128gcm" and int(notice["headers"]["ttl"]) == push.TTL
    assert phone.read(notice["body"]) == {"title": "Polis: te toca", "body": "La partida 7 espera.",
                                         "url": "/matches/7/", "tag": "turn-7"}
    check_vapid(notice["headers"], vapid, base)
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [f"{base}/push/phone"]  # 410: gone


def test_subscriptions_are_checked_and_push_off_without_keys(settings: Any) -> None:
    player = UserFactory()
    settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""
    with pytest.raises(push.PushError):
        push.subscribe(player, Device("https://push.example/1").subscription)
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = push.new_key_pair()
    for bad in (None, {"endpoint": "https://push.example/1"}, {"endpoint": "javascript:1", "keys": {"p256dh": "a", "auth": "b"}}):
        with pytest.raises(push.PushError):
            push.subscribe(player, bad)
    push.subscribe(player, Device("https://push.example/1").subscription)
    push.unsubscribe(player, "https://push.example/1")
    assert not PushSubscription.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_player_away_is_pushed_their_turn_through_the_task_queue(push_service: PushService, vapid: str,
                                                                    settings: Any, monkeypatch: Any) -> None:
    settings.POLIS_NOTIFY_AWAY_SECONDS = 0
    monkeypatch.setattr(Conf, "SYNC", True)  # the queue's task runs at once, in this process
    match = active_match("pushed-turn")
    device = Device(f"http://127.0.0.1:{push_service.server_port}/push/athens")
    push.subscribe(match.athens, device.subscription, "en")
    move_until_waiting_for(match, "athens")
    notify.email_turn(match, actor="sparta")
    pushed = [device.read(r["body"]) for r in push_service.received if r["path"] == "/push/athens"]
    assert pushed and pushed[-1]["url"] == f"/matches/{match.pk}/" and pushed[-1]["tag"] == f"turn-{match.pk}"
    assert pushed[-1]["title"].startswith("Polis: your move against ")


def test_a_device_subscribes_and_unsubscribes_through_the_preferences_page(vapid: str) -> None:
    from django.test import Client

    from tests.matches.factories import PASSWORD

    player = UserFactory()
    client = Client()
    assert client.login(username=player.username, password=PASSWORD)
    page = client.get("/matches/preferences/").content.decode()
    assert f'data-key="{vapid}"' in page and 'id="push-on"' in page
    device = Device("https://push.example/device-1")
    response = client.post("/matches/push/subscribe/", {"subscription": device.subscription, "language": "es"},
                           content_type="application/json")
    assert response.status_code == 200 and response.json() == {"type": "subscribed"}
    stored = PushSubscription.objects.get(user=player)
    assert (stored.endpoint, stored.language) == ("https://push.example/device-1", "es")
    refused = client.post("/matches/push/subscribe/", "{", content_type="application/json")
    assert refused.status_code == 400 and refused.json()["code"] == "bad_subscription"
    client.post("/matches/push/unsubscribe/", {"endpoint": "https://push.example/device-1"},
                content_type="application/json")
    assert not PushSubscription.objects.exists()
    worker = client.get("/sw.js")
    assert worker["Content-Type"] == "text/javascript" and b"notificationclick" in worker.content
