// The preferences page's "Notices on this device": subscribe this browser to Web Push with the
// site's VAPID key and hand the subscription to the server, or take it back.
import {$, gettext} from "./match/dom.js";

const section = $("#push");

function say(text) {
  section.querySelector("#push-status").textContent = text;
}

function csrf() {
  return $("input[name=csrfmiddlewaretoken]").value;
}

async function post(url, body) {
  const response = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json", "X-CSRFToken": csrf()},
    body: JSON.stringify(body), credentials: "same-origin"});
  if (!response.ok) throw new Error((await response.json()).message || response.statusText);
}

const key = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - text.length % 4) % 4)),
  (c) => c.charCodeAt(0));

async function current() {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

async function turnOn() {
  if (await Notification.requestPermission() !== "granted") {
    say(gettext("Notices are blocked for this site in your browser's settings."));
    return;
  }
  try {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({userVisibleOnly: true,
      applicationServerKey: key(section.dataset.key)});
    await post(section.dataset.subscribe, {subscription: subscription.toJSON(), language: document.documentElement.lang});
    show(true);
  } catch (error) {
    say(gettext("This browser could not turn notices on:") + " " + error.message);
  }
}

async function turnOff() {
  const subscription = await current();
  if (subscription) {
    await post(section.dataset.unsubscribe, {endpoint: subscription.endpoint});
    await subscription.unsubscribe();
  }
  show(false);
}

function show(on) {
  say(on ? gettext("Notices are on for this device.") : gettext("Notices are off for this device."));
  section.querySelector("#push-on").hidden = on;
  section.querySelector("#push-off").hidden = !on;
}

if (section && "serviceWorker" in navigator && "PushManager" in window) {
  section.querySelector("#push-on").addEventListener("click", turnOn);
  section.querySelector("#push-off").addEventListener("click", turnOff);
  current().then((subscription) => show(Boolean(subscription)), () => show(false));
} else if (section) {
  say(gettext("This browser cannot receive notices."));
}
