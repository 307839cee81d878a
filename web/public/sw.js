// The site's service worker (served at /sw.js, scope /): it shows the pushes the Worker sends (RFC 8030/8291,
// payload {id, title, body, url, tag, icon}) and opens the notification's page on a click, in a tab of the
// site that is already open when there is one. It caches nothing: the site works as before without it.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== "string") return;
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: typeof data.body === "string" ? data.body : "",
      // One notification per conversation: a newer one replaces it and alerts again.
      tag: typeof data.tag === "string" ? data.tag : undefined,
      renotify: typeof data.tag === "string",
      icon: typeof data.icon === "string" ? data.icon : undefined,
      data: { id: data.id, url: typeof data.url === "string" ? data.url : "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const { id, url } = event.notification.data ?? {};
  const target = new URL(typeof url === "string" ? url : "/", self.location.origin);
  // Only the site's own pages.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      if (typeof id === "string") {
        // The opening is recorded whether or not the member then reaches the page.
        fetch("/api/notifications/opened", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ id, channel: "push" }),
        }).catch(() => undefined);
      }
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      // The tab the member used last (a focused or visible one first).
      const rank = (t) => (t.focused ? 2 : t.visibilityState === "visible" ? 1 : 0);
      const tab = tabs
        .filter((t) => new URL(t.url).origin === target.origin)
        .sort((a, b) => rank(b) - rank(a))[0];
      if (tab) {
        // The page's router goes there (web/lib/push.ts), keeping the member's session and socket; told
        // first, so a browser that refuses the focus still shows the chat when the member gets to the tab.
        tab.postMessage({ type: "open", url: target.pathname + target.search });
        await tab.focus().catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});

// The browser replaced the subscription: subscribe again with the same key; the page sends the new one to the
// server on its next load (web/lib/push.ts compares the endpoint it last sent).
self.addEventListener("pushsubscriptionchange", (event) => {
  const options = event.oldSubscription?.options;
  if (!options?.applicationServerKey) return;
  event.waitUntil(self.registration.pushManager.subscribe(options).catch(() => undefined));
});
