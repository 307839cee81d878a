// The member's navigation on two brands: the desktop top bar (find, and match unless the member seeks men;
// the credit counter for paid members only, the active link), the mobile top bar with its side menu, and
// the bottom menu (five entries, none on a single chat, no find entry in a flow with invitations); flow 0000
// (no match screen) has no match entry anywhere.
import type { Page } from "@playwright/test";
import { signUpBody } from "../fixtures/sign-up-body";
import {
  apiCall,
  expect,
  expectAccessible,
  firstAngel,
  narrowOnly,
  newDevice,
  origin,
  randomIp,
  regionOf,
  shot,
  shotViewport,
  signedInMember,
  storeSession,
  test,
  uniqueEmail,
  wideOnly,
} from "./helpers";

const texts = {
  it: {
    match: "Match",
    find: "Cerca",
    chats: "Chat",
    notifications: "Notifiche",
    profile: "Profilo",
    logout: "Esci",
    credits: /^\d+ crediti$/,
  },
  es: {
    match: "Match",
    find: "Buscar",
    chats: "Chats",
    notifications: "Avisos",
    profile: "Perfil",
    logout: "Salir",
    credits: /^\d+ créditos$/,
  },
} as const;

/** A member seeking men (the fixed helper registers men seeking women). */
async function memberSeekingMen(page: Page, market: "it" | "es") {
  const call = apiCall(market, "/users/register");
  const response = await page.request.post(call.url, {
    headers: { ...call.headers, "cf-connecting-ip": randomIp() },
    data: signUpBody({
      email: uniqueEmail(`nav-uomo-${market}`),
      password: "secret-password",
      region: regionOf[market].code,
      sono: "donna",
      cerco: "uomo",
      fluxId: "7",
      source: "e2e",
    }),
  });
  expect(response.status(), await response.text()).toBe(200);
  const member = (await response.json()) as { token: string; clickid: string };
  await storeSession(page, market, member);
}

for (const market of ["it", "es"] as const) {
  const text = texts[market];

  // The desktop top bar is for screens wider than 500 px.
  test(`${market}: desktop top bar`, wideOnly, async ({ page, browser }) => {
    const member = await signedInMember(page, market, "nav");
    await page.goto(`${origin(market)}/match`);
    const nav = page.getByTestId("topnav");
    await expect(nav).toBeVisible();
    await expect(page.getByRole("navigation", { name: /.+/ }).first()).toBeVisible();
    // A man seeking women: search (find) and match; no credit counter for a free member.
    await expect(nav.getByRole("link")).toHaveText([
      text.find,
      text.match,
      text.chats,
      text.notifications,
      text.profile,
      "VIP",
    ]);
    await expect(page.getByTestId("nav-match")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("nav-find")).not.toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("nav-profile")).not.toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("credits")).toHaveCount(0);
    await expect(nav.getByRole("button", { name: text.logout })).toBeVisible();
    await expect(page.getByTestId("bottom-menu")).toHaveCount(0);
    await expect(page.getByTestId("menu-button")).toHaveCount(0);

    // Paid: the credit counter shows.
    const call = apiCall(market, `/dev/members/${member.clickid}/premium`);
    const paid = await page.request.post(call.url, { headers: call.headers, data: { premiumLevel: 1 } });
    expect(paid.status(), await paid.text()).toBe(200);
    await page.reload();
    await expect(page.getByTestId("credits")).toHaveText(text.credits);
    await page.getByTestId("nav-profile").click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId("nav-profile")).toHaveAttribute("aria-current", "page");
    await shotViewport(page, `nav-topbar-${market}`);
    await page.getByTestId("nav-find").click();
    await expect(page).toHaveURL(/\/find$/);
    await expect(page.getByTestId("nav-find")).toHaveAttribute("aria-current", "page");

    // A member seeking men: find, not match.
    // (another browser: this page's session would answer its own token verification late and win).
    const context = await newDevice(browser, test.info().project.use);
    const other = await context.newPage();
    await memberSeekingMen(other, market);
    await other.goto(`${origin(market)}/profile`);
    await expect(other.getByTestId("nav-find")).toHaveText(text.find);
    await expect(other.getByTestId("nav-match")).toHaveCount(0);
    await context.close();
  });

  // The mobile navigation is for 500 px or less.
  test(`${market}: mobile top bar, side menu and bottom menu`, narrowOnly, async ({ page }) => {
    await signedInMember(page, market, "nav");
    const angelId = (await firstAngel(page, market)).id;
    const menu = page.getByTestId("bottom-menu");
    await expect(menu).toBeVisible();
    const entries = menu.getByRole("link");
    await expect(entries).toHaveCount(5);
    for (const [i, id] of [
      "nav-find",
      "nav-match",
      "nav-chats",
      "nav-notifications",
      "nav-profile",
    ].entries())
      await expect(entries.nth(i)).toHaveAttribute("data-testid", id);
    await expect(page.getByTestId("nav-notifications")).toHaveText(text.notifications);
    await expect(page.getByTestId("nav-find")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("topbar-title")).toHaveText(text.find);
    await expect(page.getByTestId("topnav")).toHaveCount(0);
    // The bottom menu sits at the bottom, and the page keeps room for it.
    const box = await menu.boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
    const padding = await page
      .locator("main.content")
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingBottom));
    expect(padding).toBeGreaterThanOrEqual(box?.height ?? 0);
    await shotViewport(page, `nav-mobile-${market}`);

    await page.getByTestId("nav-profile").click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId("topbar-title")).toHaveText(text.profile);

    // The side menu: opens as a dialog, Escape and the backdrop close it, focus comes back.
    const button = page.getByTestId("menu-button");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    const side = page.getByRole("dialog", { name: /^Men[uú]$/ });
    await expect(side).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    // The five sections and the VIP entry (the plans page) of a member below level 2.
    await expect(side.getByRole("link")).toHaveCount(6);
    await expect(side.getByTestId("side-vip")).toHaveAttribute("href", "/vip_plan/cred");
    await expect(side.getByRole("button", { name: text.logout })).toBeVisible();
    await expect(side.getByTestId("side-profile")).toHaveAttribute("aria-current", "page");
    await expect.poll(() => side.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await shotViewport(page, `nav-side-menu-${market}`);
    await expectAccessible(page, "the phone's top bar, side menu and bottom menu");
    await page.keyboard.press("Escape");
    await expect(side).toHaveCount(0);
    await expect(button).toBeFocused();
    await button.click();
    await expect(side).toBeVisible();
    await page.getByTestId("side-menu-backdrop").click({ position: { x: 370, y: 400 }, force: true });
    await expect(side).toHaveCount(0);
    await button.click();
    await side.getByTestId("side-chats").click();
    await expect(page).toHaveURL(/\/chats$/);
    await expect(side).toHaveCount(0);

    // No bottom menu on a single chat.
    await page.goto(`${origin(market)}/chats/${angelId}`);
    await expect(page.getByTestId("messages")).toBeVisible();
    await expect(menu).toHaveCount(0);
    await page.goBack();
    await expect(menu).toBeVisible();
  });

  test(`${market}: no find entry in a flow with invitations`, narrowOnly, async ({ page }) => {
    await signedInMember(page, market, "nav-inviti", "9");
    await page.goto(`${origin(market)}/match`);
    const menu = page.getByTestId("bottom-menu");
    await expect(menu.getByRole("link")).toHaveCount(4);
    await expect(page.getByTestId("nav-find")).toHaveCount(0);
    await expect(page.getByTestId("nav-match")).toBeVisible();
    await shot(page, `nav-mobile-inviti-${market}`);
  });
}

// Flow 0000 (direct sign-ups) has no match screen: no match entry in any menu, the search entry highlighted.
test("it: flow 0000 shows find and no match entry", async ({ page }) => {
  await signedInMember(page, "it", "nav-0000", "0000");
  await page.goto(`${origin("it")}/find`);
  const text = texts.it;
  // Flow 0000 asks to confirm the address first (double opt-in); the popup closes.
  await page.getByTestId("doi-popup").getByRole("button", { name: "Chiudi" }).click();
  if (test.info().project.name === "mobile") {
    await expect(page.getByTestId("bottom-menu").getByRole("link")).toHaveText([
      text.find,
      text.chats,
      text.notifications,
      text.profile,
    ]);
    await page.getByTestId("menu-button").click();
    const side = page.getByTestId("side-menu");
    await expect(side.getByTestId("side-match")).toHaveCount(0);
    await expect(side.getByTestId("side-find")).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
  } else {
    await expect(page.getByTestId("topnav").getByRole("link")).toHaveText([
      text.find,
      text.chats,
      text.notifications,
      text.profile,
      "VIP",
    ]);
  }
  await expect(page.getByTestId("nav-find")).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("nav-match")).toHaveCount(0);
  await expect(page.locator(".find-grid img").first()).toHaveJSProperty("complete", true);
  await shotViewport(page, "nav-0000-it");
});
