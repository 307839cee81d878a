// Likes, angel profiles and visits on two brands: the like button's tooltip and liked state, the profile's
// fields, the visit it records, the file_like hook once the like credits are spent, and the photo fallback.
import type { Page } from "@playwright/test";
import {
  apiCall,
  expect,
  expectAccessible,
  likeUntilOutOfCredits,
  oneMarketPerWidth,
  origin,
  shot,
  shotViewport,
  signedInMember,
  test,
} from "./helpers";

const texts = {
  it: {
    like: "Mi piace",
    liked: "Ti piace",
    sent: "Mi piace inviato",
    chat: "Chatta",
    outOfLikes: "Hai finito i mi piace",
    hair: /^(Biondi|Castani|Rossi|Castano chiaro|Neri|Colorati)$/,
    gender: "Donna",
    years: /^\d+ anni$/,
    brand: "Amore Italia",
  },
  en: {
    like: "Like",
    liked: "Liked",
    sent: "Like sent",
    chat: "Chat",
    outOfLikes: "You have no likes left",
    hair: /^(Blond|Brown|Red|Dark blond|Black|Coloured)$/,
    gender: "Woman",
    years: /^\d+ years$/,
    brand: "LoveChat",
  },
} as const;

const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k) ?? "", key);
const ids = (list: string) => list.split(",").filter(Boolean).map(Number);

/**
 * Spends the member's like credits through the room socket, on angels of the dispenser's later pages (so
 * the first page keeps cards not liked yet), until none is left.
 */
async function spendLikeCredits(page: Page, member: { token: string; clickid: string }) {
  const candidates = await page.evaluate(async ({ token, clickid }) => {
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const verify = await fetch("/users/verify", { method: "POST", headers, body: JSON.stringify({ token }) });
    const me = (await verify.json()) as { user: { country: string; region: string } };
    const candidates: number[] = [];
    for (let page = 2; page <= 5; page++) {
      const response = await fetch("/dispenser", {
        method: "POST",
        headers,
        body: JSON.stringify({
          country: me.user.country,
          page,
          region: me.user.region,
          premiumLevel: 0,
          trackerId: clickid,
          cerco: "donna",
          seed: localStorage.getItem("dispenserSeed") ?? "1",
        }),
      });
      const body = (await response.json()) as { profili: { id: number }[] };
      candidates.push(...body.profili.map((p) => p.id));
    }
    const liked = new Set((localStorage.getItem("like") ?? "").split(",").map(Number));
    return candidates.filter((id) => !liked.has(id));
  }, member);
  return likeUntilOutOfCredits(page, member, candidates);
}

for (const { market, width } of oneMarketPerWidth("it", "en")) {
  const text = texts[market];

  test(`${market}: like on find and on a profile, visits, file_like hook`, width, async ({ page }) => {
    const member = await signedInMember(page, market, "likes");
    await page.goto(`${origin(market)}/find`);
    const cards = page.getByTestId("angel-card");
    await expect(cards).toHaveCount(5);

    // A like from a card: the tooltip for about 2 s, then the liked state.
    const first = cards.nth(0);
    const firstId = Number(await first.getAttribute("data-angel-id"));
    await expect(first.getByTestId("like-button")).toHaveText(new RegExp(`${text.like}$`));
    await first.getByTestId("like-button").click();
    await expect(first.getByTestId("like-tooltip")).toHaveText(text.sent);
    await shotViewport(page, `like-tooltip-${market}`);
    await expect(first.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
    await expect(first.getByTestId("like-button")).toHaveText(new RegExp(`${text.liked}$`));
    await expect(first.getByTestId("like-tooltip")).toHaveCount(0, { timeout: 4000 });
    expect(ids(await storage(page, "like"))).toContain(firstId);

    // The liked state survives a reload (api/get/all's profiliLike).
    await page.evaluate(() => localStorage.removeItem("like"));
    await page.reload();
    await expect(cards.nth(0).getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
    await expect(cards.nth(1).getByTestId("like-button")).toHaveAttribute("aria-pressed", "false");
    await expect.poll(async () => ids(await storage(page, "like"))).toContain(firstId);

    // The card's name opens the angel's profile, which records a visit.
    const second = cards.nth(1);
    const secondId = Number(await second.getAttribute("data-angel-id"));
    const name = (await second.locator("strong").textContent()) ?? "";
    await second.getByRole("link", { name }).click();
    await expect(page).toHaveURL(new RegExp(`/user/${secondId}$`));
    await expect(page.getByTestId("angel-name")).toHaveText(name);
    // Titled with her name: the tab, and on a phone the top bar (not "Profile").
    await expect(page).toHaveTitle(`${name} – ${text.brand}`);
    if ((page.viewportSize()?.width ?? 1280) <= 500) {
      await expect(page.getByTestId("topbar-title")).toHaveText(name);
    }
    await expect(page.getByTestId("angel-about")).not.toBeEmpty();
    await expect(page.getByTestId("angel-description")).not.toBeEmpty();
    await expect(page.getByTestId("fact-profilo_eta").locator("dd")).toHaveText(text.years);
    await expect(page.getByTestId("fact-profilo_genere").locator("dd")).toHaveText(text.gender);
    await expect(page.getByTestId("fact-profilo_capelli").locator("dd")).toHaveText(text.hair);
    await expect(page.getByTestId("fact-profilo_altezza").locator("dd")).toHaveText(/^\d{3} cm$/);
    await expect(page.getByTestId("fact-profilo_peso").locator("dd")).toHaveText(/^\d{2,3} kg$/);
    await expect(page.getByRole("link", { name: text.chat, exact: true })).toHaveAttribute(
      "href",
      `/chats/${secondId}`,
    );
    await expect(page.getByTestId("angel-photo")).toHaveJSProperty("complete", true);
    await expect(page.getByTestId("angel-photo")).not.toHaveAttribute("data-fallback", /./);
    // The way back above the photo; the photo at the card's top, the facts beside it on a wide screen and
    // under it on a phone, and no empty cell (a 480 px square took the photo's place on a wide screen).
    const wide = (page.viewportSize()?.width ?? 1280) > 760;
    const layout = await page.evaluate(() => {
      const box = (selector: string) =>
        document.querySelector(selector)?.getBoundingClientRect() ?? new DOMRect();
      const card = box('[data-testid="angel-profile"]');
      const photo = box('[data-testid="angel-photo"]');
      const body = box(".angel-profile-body");
      const back = box('[data-testid="back-link"]');
      return {
        backAbove: back.height > 0 && back.bottom <= card.top,
        photoAtTopLeft: Math.abs(photo.top - card.top) < 2 && Math.abs(photo.left - card.left) < 2,
        bodyBeside: body.left >= photo.right - 1 && Math.abs(body.top - card.top) < 2,
        bodyUnder: body.top >= photo.bottom - 1,
        // As tall as its photo and facts, beside each other or one under the other.
        noEmptyCell:
          card.height <=
          (body.top >= photo.bottom - 1 ? photo.height + body.height : Math.max(photo.height, body.height)) +
            2,
      };
    });
    expect(layout).toEqual({
      backAbove: true,
      photoAtTopLeft: true,
      bodyBeside: wide,
      bodyUnder: !wide,
      noEmptyCell: true,
    });
    await expect.poll(async () => ids(await storage(page, "profiliVisitati"))).toContain(secondId);
    const call = apiCall(market, `/api/get/all/${member.clickid}`);
    const all = await page.request.get(call.url, {
      headers: { ...call.headers, authorization: `Bearer ${member.token}` },
    });
    const navigation = (await all.json()) as {
      navigation: { profiliVisitati: string; creditiLike: number };
      profiliLike: number[];
    };
    expect(ids(navigation.navigation.profiliVisitati)).toContain(secondId);
    expect(navigation.profiliLike).toEqual([firstId]);
    expect(navigation.navigation.creditiLike).toBe(9);

    // A like from the profile.
    await page.getByTestId("like-button").click();
    await expect(page.getByTestId("like-tooltip")).toHaveText(text.sent);
    await expect(page.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("like-tooltip")).toHaveCount(0, { timeout: 4000 });
    await shot(page, `angel-profile-${market}`);
    await expectAccessible(page, "/user/{u}");

    // Back where the member came from.
    await page.getByTestId("back-link").click();
    await expect(page).toHaveURL(/\/find$/);
    await expect(cards.nth(1).getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
    await shot(page, `find-liked-${market}`);

    // With the like credits spent, the next like opens the file_like hook and changes nothing.
    expect(await spendLikeCredits(page, member)).toBe(0);
    await page.reload();
    const third = cards.nth(2);
    await expect(third.getByTestId("like-button")).toHaveAttribute("aria-pressed", "false");
    await third.getByTestId("like-button").click();
    const popup = page.getByTestId("file-like-popup");
    await expect(popup).toBeVisible();
    await expect(popup.getByRole("heading")).toHaveText(text.outOfLikes);
    await expect(page.getByTestId("like-tooltip")).toHaveCount(0);
    await expect(third.getByTestId("like-button")).toHaveAttribute("aria-pressed", "false");
    await shotViewport(page, `file-like-${market}`);
    await popup.getByRole("button").click();
    await expect(popup).toHaveCount(0);
  });

  test(`${market}: a photo that fails falls back to a placeholder`, width, async ({ page }) => {
    await signedInMember(page, market, "likes");
    await page.route(/\/photos\//, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto(`${origin(market)}/find`);
    const cards = page.getByTestId("angel-card");
    await expect(cards).toHaveCount(5);
    await expect(cards.first().locator("img")).toHaveAttribute("data-fallback", "placeholder");
    const id = await cards.first().getAttribute("data-angel-id");
    await page.goto(`${origin(market)}/user/${id}`);
    const photo = page.getByTestId("angel-photo");
    await expect(photo).toHaveAttribute("data-fallback", "placeholder");
    await expect(photo).toHaveJSProperty("complete", true);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shot(page, `angel-profile-placeholder-${market}`);
  });
}
