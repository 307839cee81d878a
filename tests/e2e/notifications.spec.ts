// Notifications on two brands: the empty state, then a list (likes and a visit) with its tabs, the read
// calls per tab, the tab it opens on and the unread count of each, the unread badge in the top bar, the
// links to the angels and the photo fallback.
// The server's like-backs and visits come at random after 20-40 s, too slow here: the list test answers
// GET /get/notifications with page.route (our own API's list shape); the read calls reach the real server.
import type { Page, Request } from "@playwright/test";
import {
  anyWidth,
  expect,
  expectAccessible,
  expectNamesHoldTheirText,
  oneMarketPerWidth,
  origin,
  shot,
  shotViewport,
  signedInMember,
  test,
} from "./helpers";

const texts = {
  it: {
    nav: "Notifiche",
    empty: "Nessuna notifica",
    likes: "Mi piace",
    visits: "Visite",
    unread: (n: number) => `${n} non lette`,
    liked: "ti ha messo un mi piace",
    match: "ha ricambiato il tuo mi piace: è un match!",
    visited: "ha visitato il tuo profilo",
  },
  en: {
    nav: "Alerts",
    empty: "No alerts yet",
    likes: "Likes",
    visits: "Visits",
    unread: (n: number) => `${n} unread`,
    liked: "liked you",
    match: "liked you back: it's a match!",
    visited: "visited your profile",
  },
} as const;

const isRead = (request: Request) =>
  request.method() === "POST" && request.url().endsWith("/log/notification/readed");

for (const { market, width } of oneMarketPerWidth("it", "en")) {
  const text = texts[market];

  test(`${market}: a member without notifications sees the empty text`, width, async ({ page }) => {
    const member = await signedInMember(page, market, "notif");
    const read = page.waitForRequest(isRead);
    await page.goto(`${origin(market)}/notifications`);
    expect((await read).postDataJSON()).toEqual({ clickid: member.clickid, type: "like" });
    await expect(page.getByTestId("notifications-empty")).toHaveText(text.empty);
    await expect(page.getByTestId("tab-likes")).toHaveText(text.likes);
    await expect(page.getByTestId("tab-visits")).toHaveCount(0);
    // The section's one name, in the top bar and (at 390 px) the bottom menu, and as the page's heading.
    await expect(page.getByTestId("nav-notifications")).toHaveText(text.nav);
    await expect(page.getByTestId("notifications").getByRole("heading", { level: 1 })).toHaveText(text.nav);
    await expect(page.getByTestId("notifications-unread")).toHaveCount(0);
    await shot(page, `notifications-empty-${market}`);
  });

  test(`${market}: likes and visits in tabs, read per tab, photo fallback`, width, async ({ page }) => {
    const member = await signedInMember(page, market, "notif");
    await page.goto(`${origin(market)}/find`);
    const cards = page.getByTestId("angel-card");
    await expect(cards).toHaveCount(5);
    const angels = await cards.evaluateAll((list) =>
      list.slice(0, 4).map((card) => ({
        id: Number(card.getAttribute("data-angel-id")),
        name: card.querySelector("h2,h3,strong")?.textContent ?? "Angel",
        photo: card.querySelector("img")?.getAttribute("src") ?? "",
      })),
    );
    const angel = (index: number) => {
      const found = angels[index];
      if (!found) throw new Error(`no angel card ${index}`);
      return found;
    };
    const now = Date.now();
    const entry = (
      id: number,
      type: "like" | "visita",
      msg: string,
      read: boolean,
      minutes: number,
      photo: string,
    ) => ({
      id,
      type,
      categoriaNotifica: msg === "risposta_a_like" ? "risposta_a_like" : null,
      letto: read,
      angelId: angel(id - 1).id,
      screenName: angel(id - 1).name,
      time: new Date(now - minutes * 60_000).toISOString(),
      msg,
      blurred: false,
      default_photo: photo,
    });
    let messages = [
      entry(1, "like", "risposta_a_like", false, 3, angel(0).photo),
      entry(2, "like", "like_ricevuto", true, 60 * 30, "/photos/missing-notification.jpg"),
      entry(3, "visita", "visita_ricevuta", false, 10, angel(2).photo),
    ];
    await page.route("**/photos/missing-notification.jpg", (route) =>
      route.fulfill({ status: 404, body: "" }),
    );
    await page.route(`**/get/notifications/${member.clickid}`, (route) =>
      route.fulfill({ json: { messages, unread: 2 } }),
    );
    await page.reload();
    await expect(page.getByTestId("notifications-unread")).toHaveText("2");
    // The entry's name says its count (the badge's number is only seen).
    await expect(page.getByTestId("nav-notifications")).toHaveAccessibleName(`${text.nav} ${text.unread(2)}`);

    const readLikes = page.waitForRequest(isRead);
    await page.getByTestId("nav-notifications").click();
    await expect(page).toHaveURL(/\/notifications$/);
    expect((await readLikes).postDataJSON()).toEqual({ clickid: member.clickid, type: "like" });
    await expect(page.getByTestId("tab-likes")).toHaveAttribute("aria-selected", "true");
    // Each tab shows its unread count; the likes tab's is read on opening.
    await expect(page.getByTestId("tab-visits")).toHaveAccessibleName(`${text.visits} ${text.unread(1)}`);
    await expect(page.getByTestId("tab-visits-unread")).toHaveText("1");
    await expectNamesHoldTheirText(page, '[role="tablist"]');
    await expect(page.getByTestId("tab-likes-unread")).toHaveCount(0);
    const items = page.getByTestId("notification");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(angel(0).name);
    await expect(items.nth(0)).toContainText(text.match);
    await expect(items.nth(1)).toContainText(text.liked);
    await expect(items.nth(0).getByRole("link")).toHaveAttribute("href", `/user/${angel(0).id}`);
    await expect(items.nth(0).getByTestId("notification-photo")).not.toHaveAttribute("data-fallback", /.+/);
    const broken = items.nth(1).getByTestId("notification-photo");
    await expect(broken).toHaveAttribute("data-fallback", "placeholder");
    await expect(broken).toHaveJSProperty("complete", true);
    const photo = items.nth(0).getByTestId("notification-photo");
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // The likes tab is read: only the visit stays unread.
    await expect(page.getByTestId("notifications-unread")).toHaveText("1");
    await shot(page, `notifications-likes-${market}`);

    const readVisits = page.waitForRequest(isRead);
    await page.getByTestId("tab-visits").click();
    expect((await readVisits).postDataJSON()).toEqual({ clickid: member.clickid, type: "visita" });
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(text.visited);
    await expect(items.first().getByRole("link")).toHaveAttribute("href", `/user/${angel(2).id}`);
    const visitPhoto = items.first().getByTestId("notification-photo");
    await expect
      .poll(() => visitPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByTestId("notifications-unread")).toHaveCount(0);
    await expect(page.getByTestId("tab-visits-unread")).toHaveCount(0);
    await shot(page, `notifications-visits-${market}`);

    // All read but a new visit: the page opens on the visits tab, where the unread one is.
    messages = [
      entry(4, "visita", "visita_ricevuta", false, 1, angel(3).photo),
      ...messages.map((m) => ({ ...m, letto: true })),
    ];
    await page.goto(`${origin(market)}/find`);
    await expect(page.getByTestId("notifications-unread")).toHaveText("1");
    const readNew = page.waitForRequest(isRead);
    await page.getByTestId("nav-notifications").click();
    expect((await readNew).postDataJSON()).toEqual({ clickid: member.clickid, type: "visita" });
    await expect(page.getByTestId("tab-visits")).toHaveAttribute("aria-selected", "true");
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(angel(3).name);
    await expectAccessible(page, "/notifications");

    await items.first().getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/user/${angel(3).id}$`));
  });
}

// Popups, polling and replay. The server's likes and visits come at random after 20-40 s, so GET
// /get/notifications is answered with page.route: empty at start, then with new unread notifications, and
// Playwright's clock brings the 40 s / 10 s polls (and the hidden time) forward.
const popupTexts = {
  it: {
    like: "ti ha messo un mi piace",
    match: "è un match",
    visit: "ha visitato il tuo profilo",
    chat: "Chatta",
    reply: "Rispondi",
    profile: "Vedi profilo",
    menuUnread: (n: number) => `Menu, ${n} non letti`,
  },
  es: {
    like: "le gustas",
    match: "es un match",
    visit: "ha visitado tu perfil",
    chat: "Chatear",
    reply: "Responder",
    profile: "Ver perfil",
    menuUnread: (n: number) => `Menú, ${n} sin leer`,
  },
} as const;

const isList = (request: Request) =>
  request.method() === "GET" && /\/get\/notifications\/[^/]+$/.test(request.url());

/** Answers the member's notification list: the first call empty, the later ones with `later()`. */
async function serveNotifications(page: Page, clickid: string, later: () => unknown[]) {
  let calls = 0;
  await page.route(`**/get/notifications/${clickid}`, (route) => {
    calls += 1;
    const messages = calls === 1 ? [] : later();
    return route.fulfill({ json: { messages, unread: messages.length } });
  });
}

/** Angels of the member's first /find page. */
async function angelsOnFind(page: Page, market: "it" | "es" | "en") {
  await page.goto(`${origin(market)}/find`);
  const cards = page.getByTestId("angel-card");
  await expect(cards).toHaveCount(5);
  return cards.evaluateAll((list) =>
    list.map((card) => ({
      id: Number(card.getAttribute("data-angel-id")),
      name: card.querySelector("strong")?.textContent ?? "Angel",
      photo: card.querySelector("img")?.getAttribute("src") ?? "",
    })),
  );
}

const fake = (
  id: number,
  angel: { id: number; name: string; photo: string },
  type: "like" | "visita",
  categoriaNotifica: string | null = null,
) => ({
  id,
  type,
  categoriaNotifica,
  letto: false,
  angelId: angel.id,
  screenName: angel.name,
  time: new Date(Date.now() - 60_000).toISOString(),
  msg: type === "visita" ? "visita_ricevuta" : (categoriaNotifica ?? "like_ricevuto"),
  blurred: false,
  default_photo: angel.photo,
});

/** Emulates the tab going to the background or coming back. */
const setVisibility = (page: Page, state: "hidden" | "visible") =>
  page.evaluate((s) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => s });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => s === "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);

for (const { market, width } of oneMarketPerWidth("it", "es")) {
  const text = popupTexts[market];

  test(
    `${market}: polling 40 s then every 10 s; popups one at a time with working buttons`,
    width,
    async ({ page }) => {
      await page.clock.install();
      const member = await signedInMember(page, market, "notif-poll");
      const angels = await angelsOnFind(page, market);
      const [a, b, c] = [angels[0], angels[1], angels[2]];
      if (!a || !b || !c) throw new Error("three angels expected");
      // Off the site first: the list that page asks once its photos are drawn must not be taken for the
      // next page's list at start.
      await page.goto("about:blank");
      let served = [fake(903, c, "visita"), fake(902, b, "like", "risposta_a_like"), fake(901, a, "like")];
      await serveNotifications(page, member.clickid, () => served);
      let polls = 0;
      page.on("request", (request) => {
        if (isList(request)) polls += 1;
      });
      /**
       * Moves the page's clock on by `ms` and waits for the poll it brings, answered and taken in by the
       * page (so the next move cannot meet it still on its way); answers how many lists were asked.
       */
      const pollAfter = async (ms: number) => {
        const answered = page.waitForResponse((response) => isList(response.request()));
        await page.clock.fastForward(ms);
        await answered;
        await page.evaluate(() => undefined);
        return polls;
      };
      // The first list answered before the clock moves: a later wait for a list must not take its answer.
      const firstList = page.waitForResponse((response) => isList(response.request()));
      await page.goto(`${origin(market)}/find`);
      await expect(page.getByTestId("angel-card").first()).toBeVisible();
      await firstList;
      // The list once at start, then nothing until 40 s: moved on 37 s (the clock also runs on its own,
      // a second or two here), then 3 s more, the page has asked exactly once more.
      await expect.poll(() => polls).toBe(1);
      const popup = page.getByTestId("notification-popup");
      await page.clock.fastForward(37_000);
      await expect(popup).toHaveCount(0);
      expect(await pollAfter(3_000)).toBe(2);
      // Oldest first: the like, then the match, then the visit; one at a time.
      await expect(popup).toHaveCount(1);
      await expect(popup).toHaveAttribute("data-kind", "like");
      await expect(popup).toContainText(a.name);
      await expect(popup).toContainText(text.like);
      await expect(popup.getByTestId("notification-popup-photo")).toHaveJSProperty("complete", true);
      await shotViewport(page, `notification-popup-${market}`);
      const mobile = test.info().project.name === "mobile";
      if (mobile) {
        // The popup leaves the top bar and the bottom menu usable, and the menu button names the unread
        // count it shows.
        const bar = await page.locator("header.topbar").boundingBox();
        const menu = await page.getByTestId("bottom-menu").boundingBox();
        const box = await popup.boundingBox();
        expect(box?.y).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));
        expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(menu?.y ?? 0);
        await expect(page.getByTestId("menu-unread")).toHaveText("3");
        await expect(page.getByTestId("menu-button")).toHaveAccessibleName(text.menuUnread(3));
        await page.getByTestId("menu-button").click();
        await expect(page.getByTestId("side-menu")).toBeVisible();
        await page.keyboard.press("Escape");
      }
      // Every 10 s after that.
      expect(await pollAfter(10_000)).toBe(3);
      expect(await pollAfter(10_000)).toBe(4);
      // The same notifications again in each poll: still one popup per notification.
      await expect(popup).toHaveAttribute("data-kind", "like");
      await expect(popup.getByTestId("notification-popup-chat")).toHaveText(text.chat);
      await expect(popup.getByTestId("notification-popup-chat")).toHaveAttribute("href", `/chats/${a.id}`);
      await page.getByTestId("notification-popup-close").click();
      await expect(popup).toHaveAttribute("data-kind", "match");
      await expect(popup).toContainText(text.match);
      await expect(popup.getByTestId("notification-popup-chat")).toHaveText(text.reply);
      await page.keyboard.press("Escape");
      await expect(popup).toHaveAttribute("data-kind", "visit");
      await expect(popup).toContainText(text.visit);
      await popup.getByTestId("notification-popup-profile").click();
      await expect(page).toHaveURL(new RegExp(`/user/${c.id}$`));
      await expect(popup).toHaveCount(0);
      // The next poll brings the same three and a new visit: only the new one pops up (an old one would
      // come first, oldest first).
      served = [fake(904, a, "visita"), ...served];
      expect(await pollAfter(10_000)).toBe(5);
      await expect(popup).toHaveAttribute("data-kind", "visit");
      await expect(popup).toContainText(a.name);
      if (mobile) {
        // On a phone it leaves the profile's photo in sight (at the top it hid it).
        const photo = await page.getByTestId("angel-photo").boundingBox();
        const box = await popup.boundingBox();
        expect(box?.y).toBeGreaterThanOrEqual((photo?.y ?? 0) + (photo?.height ?? 0));
        await shotViewport(page, `notification-popup-profile-${market}`);
      }
      await page.getByTestId("notification-popup-close").click();
      await expect(popup).toHaveCount(0);
      await page.goto(`${origin(market)}/notifications`);
      await expect(page.getByTestId("notifications")).toBeVisible();
      await shot(page, `notifications-page-${market}`);
    },
  );

  test(`${market}: no popup on a single chat; the chat button opens the chat`, anyWidth, async ({ page }) => {
    await page.clock.install();
    const member = await signedInMember(page, market, "notif-chat");
    const angels = await angelsOnFind(page, market);
    const a = angels[0];
    if (!a) throw new Error("an angel expected");
    let next = [fake(911, a, "like")];
    let listsOnFind = 0;
    await serveNotifications(page, member.clickid, () => {
      if (new URL(page.url()).pathname === "/find") listsOnFind += 1;
      return next;
    });
    await page.goto(`${origin(market)}/chats/${a.id}`);
    await expect(page.getByTestId("messages")).toBeVisible();
    let answered = 0;
    page.on("response", (response) => {
      if (isList(response.request())) answered += 1;
    });
    await page.clock.fastForward(40_000);
    await expect.poll(() => answered).toBeGreaterThan(0);
    await expect(page.getByTestId("notification-popup")).toHaveCount(0);
    // Elsewhere a new one shows, and its chat button leads to the chat (where it closes).
    await page.goto(`${origin(market)}/find`);
    await expect(page.getByTestId("angel-card").first()).toBeVisible();
    // The list at start (on /find once the first photos are on screen) came before the new visit.
    await expect.poll(() => listsOnFind).toBe(1);
    next = [fake(912, a, "visita"), ...next];
    await page.clock.fastForward(40_000);
    const popup = page.getByTestId("notification-popup");
    await expect(popup).toHaveAttribute("data-kind", "visit");
    await popup.getByTestId("notification-popup-chat").click();
    await expect(page).toHaveURL(new RegExp(`/chats/${a.id}$`));
    await expect(popup).toHaveCount(0);
  });

  test(
    `${market}: missed while hidden, replayed when visible; a long absence reloads`,
    anyWidth,
    async ({ page }) => {
      await page.clock.install();
      const member = await signedInMember(page, market, "notif-hidden");
      const angels = await angelsOnFind(page, market);
      const a = angels[0];
      if (!a) throw new Error("an angel expected");
      // The like arrives only once the tab is hidden: the list the page loads at start (which shows no popup)
      // is empty whichever request of the page asks first.
      let arrived = false;
      await serveNotifications(page, member.clickid, () => (arrived ? [fake(921, a, "like")] : []));
      const listAtStart = page.waitForResponse((r) =>
        r.url().includes(`/get/notifications/${member.clickid}`),
      );
      await page.reload();
      await listAtStart;
      await expect(page.getByTestId("angel-card").first()).toBeVisible();
      await setVisibility(page, "hidden");
      arrived = true;
      await page.clock.fastForward(40_000);
      const pending = () => page.evaluate(() => localStorage.getItem("notificheInPending") ?? "");
      await expect.poll(pending).toContain('"n:921"');
      const popup = page.getByTestId("notification-popup");
      await expect(popup).toHaveCount(0);
      await setVisibility(page, "visible");
      await expect(popup).toHaveAttribute("data-kind", "like");
      await expect(popup).toContainText(a.name);
      await expect.poll(pending).toBe("");
      await popup.getByTestId("notification-popup-close").click();

      // Hidden for 100 s: no reload. Hidden for more than 180 s: a reload, the only one of the two.
      let loads = 0;
      page.on("load", () => {
        loads += 1;
      });
      await page.evaluate(() => {
        (window as unknown as { marker: number }).marker = 1;
      });
      const marker = () => page.evaluate(() => (window as unknown as { marker?: number }).marker ?? 0);
      await setVisibility(page, "hidden");
      await page.clock.fastForward(100_000);
      await setVisibility(page, "visible");
      await setVisibility(page, "hidden");
      await page.clock.fastForward(180_001);
      const reloaded = page.waitForEvent("load");
      await setVisibility(page, "visible");
      await reloaded;
      expect(await marker()).toBe(0);
      expect(loads).toBe(1);
    },
  );
}
