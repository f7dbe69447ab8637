// Every page registers the site's service worker (static/js/sw.js, served at /sw.js): it shows the
// notices pushed to this device and opens their match. Installing the site as an app comes with it
// (static/manifest.webmanifest).
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch(() => {});  // no worker: the site works without one
}
