// The site's service worker (served at /sw.js, so its scope is the whole site): it shows each Web
// Push notice the server sends (polis_site/notices/push.py) and opens the notice's match on a
// click: in a window of the site already open if there is one, else a new one.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch (error) {
    notice = {body: event.data ? event.data.text() : ""};
  }
  event.waitUntil(self.registration.showNotification(notice.title || "Polis Online", {
    body: notice.body || "", tag: notice.tag, renotify: Boolean(notice.tag), icon: "/static/img/icon-192.png",
    data: {url: notice.url || "/"},
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data.url, self.location.origin).href;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({type: "window", includeUncontrolled: true});
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (!open) return self.clients.openWindow(url);
    await open.navigate(url);
    return open.focus().catch(() => open);  // a focus the browser refuses still leaves the match open
  })());
});
