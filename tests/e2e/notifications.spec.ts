// Notifications on two brands: the empty state, then a list (likes and a visit) with its tabs, the read
// calls per tab, the unread badge in the top bar, the links to the angels and the photo fallback.
// The server's like-backs and visits come at random after 20-40 s, too slow here: the list test answers
// GET /get/notifications with page.route (our own API's list shape); the read calls reach the real server.
import type { Request } from "@playwright/test";
import { expect, origin, shot, signedInMember, test } from "./helpers";

const texts = {
  it: {
    nav: "Notifiche",
    empty: "Nessuna notifica",
    likes: "Mi piace",
    visits: "Visite",
    liked: "ti ha messo un mi piace",
    match: "ha ricambiato il tuo mi piace: è un match!",
    visited: "ha visitato il tuo profilo",
  },
  en: {
    nav: "Notifications",
    empty: "No notifications yet",
    likes: "Likes",
    visits: "Visits",
    liked: "liked you",
    match: "liked you back: it's a match!",
    visited: "visited your profile",
  },
} as const;

const isRead = (request: Request) =>
  request.method() === "POST" && request.url().endsWith("/log/notification/readed");

for (const market of ["it", "en"] as const) {
  const text = texts[market];

  test(`${market}: a member without notifications sees the empty text`, async ({ page }) => {
    const member = await signedInMember(page, market, "notif");
    const read = page.waitForRequest(isRead);
    await page.goto(`${origin(market)}/notifications`);
    expect((await read).postDataJSON()).toEqual({ clickid: member.clickid, type: "like" });
    await expect(page.getByTestId("notifications-empty")).toHaveText(text.empty);
    await expect(page.getByTestId("tab-likes")).toHaveText(text.likes);
    await expect(page.getByTestId("tab-visits")).toHaveCount(0);
    await expect(page.getByTestId("nav-notifications")).toHaveText(text.nav);
    await expect(page.getByTestId("notifications-unread")).toHaveCount(0);
    await shot(page, `notifications-empty-${market}`);
  });

  test(`${market}: likes and visits in tabs, read per tab, photo fallback`, async ({ page }) => {
    const member = await signedInMember(page, market, "notif");
    await page.goto(`${origin(market)}/find`);
    const cards = page.getByTestId("angel-card");
    await expect(cards).toHaveCount(5);
    const angels = await cards.evaluateAll((list) =>
      list.slice(0, 3).map((card) => ({
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
      letto: boolean,
      minutes: number,
      photo: string,
    ) => ({
      id,
      type,
      categoriaNotifica: msg === "risposta_a_like" ? "risposta_a_like" : null,
      letto,
      angelId: angel(id - 1).id,
      screenName: angel(id - 1).name,
      time: new Date(now - minutes * 60_000).toISOString(),
      msg,
      blurred: false,
      default_photo: photo,
    });
    const messages = [
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

    const readLikes = page.waitForRequest(isRead);
    await page.getByTestId("nav-notifications").click();
    await expect(page).toHaveURL(/\/notifications$/);
    expect((await readLikes).postDataJSON()).toEqual({ clickid: member.clickid, type: "like" });
    await expect(page.getByTestId("tab-likes")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("tab-visits")).toHaveText(text.visits);
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
    await shot(page, `notifications-visits-${market}`);

    await items.first().getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/user/${angel(2).id}$`));
  });
}
