/*
 * Newsdesk's service worker (issue 28): shows the breaking-news alerts the server sends by web push
 * and opens the story when one is tapped. Plain JavaScript, served as it is: browsers load it from
 * the site's root, so it may show alerts for every page.
 */
self.addEventListener("push", (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = { body: event.data ? event.data.text() : "" };
  }
  const text = (value) => (typeof value === "string" ? value : "");
  event.waitUntil(
    self.registration.showNotification(text(alert.title) || "Newsdesk", {
      body: text(alert.body),
      tag: text(alert.tag) || undefined,
      icon: "/images/logo-512.png",
      data: { url: text(alert.url) || "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/", self.location.origin);
  // Only our own pages: an alert never sends a reader elsewhere.
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url.href);
      return open ? open.focus() : self.clients.openWindow(url.href);
    }),
  );
});
