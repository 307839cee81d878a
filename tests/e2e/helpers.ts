// Shared pieces of the end-to-end tests: the brand origins on this run's port, a random client IP per
// browser context (registration is rate-limited per IP), the cookie policy accepted unless a test wants
// the banner, screenshots, the local outbox and quick members made through the API.

import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { COOKIE_POLICY_VERSION } from "../../worker/contracts/tracking";
import { cardChargeBody } from "../fixtures/card-charge";
import { signUpBody } from "../fixtures/sign-up-body";

export { expect };

export const port = Number(process.env.E2E_PORT ?? 8790);
export const hosts = { it: "it.localhost", es: "es.localhost", en: "en.localhost" } as const;
export type Market = keyof typeof hosts;
export const origin = (market: Market) => `http://${hosts[market]}:${port}`;
/**
 * Node (the API requests of the tests) does not resolve *.localhost as Chromium does: API calls go to
 * 127.0.0.1 with the brand's Host header. Each on a connection of its own: a kept-alive one that the server
 * closed while idle was reset under a request now and then (ECONNRESET).
 */
export const apiCall = (market: Market, path: string) => ({
  url: `http://127.0.0.1:${port}${path}`,
  headers: { host: `${hosts[market]}:${port}`, connection: "close" },
});
/** A region of each market's seed. */
export const regionOf: Record<Market, { code: string; name: string }> = {
  it: { code: "lombardia", name: "Lombardia" },
  es: { code: "andalucia", name: "Andalucía" },
  en: { code: "london", name: "London" },
};

const byte = () => 1 + Math.floor(Math.random() * 253);
/** A random private address: each browser context counts as its own client for the rate limits. */
export const randomIp = () => `10.${byte()}.${byte()}.${byte()}`;

let counter = 0;
/** A fresh address per call, per project and per run. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  const project = base.info().project.name;
  return `${prefix}.${Date.now().toString(36)}${counter}.${Math.random().toString(36).slice(2, 6)}.${project}@example.com`;
}

/**
 * Marks a cookie choice of the current policy made (necessary cookies only) before any script of the page
 * runs, so the banner stays closed (web/lib/consent.ts reads the cookiePolicy key).
 */
export async function acceptCookies(context: BrowserContext) {
  await context.addInitScript((version) => {
    if (!localStorage.getItem("cookiePolicy"))
      localStorage.setItem(
        "cookiePolicy",
        JSON.stringify({ version, analytics: false, marketing: false, at: new Date().toISOString() }),
      );
  }, COOKIE_POLICY_VERSION);
}

/** A POST to the API of a brand, from Node. */
export function apiPost(request: APIRequestContext, market: Market, path: string, data: unknown) {
  const call = apiCall(market, path);
  return request.post(call.url, { headers: call.headers, data });
}

/** A second, independent browser (another device): its own IP, storage and fingerprint. */
export async function newDevice(
  browser: Browser,
  project: { viewport?: { width: number; height: number } | null },
) {
  const context = await browser.newContext({
    viewport: project.viewport ?? { width: 1280, height: 800 },
    extraHTTPHeaders: { "cf-connecting-ip": randomIp() },
  });
  await acceptCookies(context);
  return context;
}

/**
 * The tag of a test that takes no screenshot and whose behaviour does not depend on the width: it runs at
 * 1280 px only (the 390 px project leaves it out), which keeps the suite's time down.
 */
export const anyWidth = { tag: "@any-width" };
/** The tag of a test of what only a wide screen has (the desktop top bar): it runs at 1280 px only. */
export const wideOnly = { tag: "@wide-only" };
/** The tag of a test of what only a narrow screen has (the bottom menu, touch): it runs at 390 px only. */
export const narrowOnly = { tag: "@narrow-only" };

/**
 * The tags of a scenario whose steps do not depend on the width, run at one width only (390 px or 1280 px).
 * The scenarios of a spec alternate between the two, so its screens are still seen at both widths, while
 * the screens every flow passes through (the pay page, the chat, the sign-up form) keep a scenario at each
 * width. This halved the runs of the flow-by-flow specs (payments through each provider, login, sign-up)
 * that took most of the suite's time.
 */
export const at390 = { tag: "@at-390" };
export const at1280 = { tag: "@at-1280" };

/**
 * The markets of a scenario whose steps are the same in every language, one per width: the first runs at
 * 390 px, the second at 1280 px. Each language and each width is seen (screenshots included), in two runs
 * instead of four; the catalogues themselves are checked whole by tests/unit/i18n.test.ts.
 */
export const oneMarketPerWidth = <M extends Market>(narrow: M, wide: M) =>
  [
    { market: narrow, width: narrowOnly },
    { market: wide, width: wideOnly },
  ] as const;

/** The tags of the tests that run at one width only. */
const oneWidthTags = new Set([anyWidth, wideOnly, narrowOnly, at390, at1280].map((t) => t.tag));

/** The test fixture: every test's context has its own IP and (unless `showCookieBanner`) accepted cookies. */
export const test = base.extend<{ showCookieBanner: boolean }>({
  showCookieBanner: [false, { option: true }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  extraHTTPHeaders: async ({}, use) => use({ "cf-connecting-ip": randomIp() }),
  context: async ({ context, showCookieBanner }, use) => {
    if (!showCookieBanner) await acceptCookies(context);
    await use(context);
  },
});

/**
 * A full-page screenshot per project (390 px "mobile", 1280 px "desktop") in tests/e2e/screenshots/, taken
 * from the top (a scrolled page would draw the sticky top bar in its middle).
 */
export async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: `tests/e2e/screenshots/${name}-${base.info().project.name}.png`,
    fullPage: true,
    animations: "disabled",
  });
}

/**
 * Waits for what a page's timed step brings (the spec's 2-6 s before a 3-D Secure form is posted, the chats
 * or the profile reload) with the page's clock moved on a second at a time instead of waiting it out: a URL,
 * or something shown. The test installs the clock (`page.clock.install()`) before its first page. An installed
 * clock also holds what waits on a frame or a timer.
 */
export async function fastForwardTo(page: Page, target: RegExp | Locator) {
  const reached = () =>
    target instanceof RegExp ? target.test(page.url()) : target.isVisible().catch(() => false);
  await expect
    .poll(async () => {
      // A move that meets the page mid-navigation fails; the next poll moves on from the new page.
      if (!(await reached())) await page.clock.fastForward(1_000).catch(() => undefined);
      return reached();
    })
    .toBe(true);
}

/** A screenshot of the viewport only (for fixed popups and banners). */
export const shotViewport = (page: Page, name: string) =>
  page.screenshot({
    path: `tests/e2e/screenshots/${name}-${base.info().project.name}.png`,
    animations: "disabled",
  });

/**
 * The automated accessibility check (axe-core, WCAG 2.0/2.1 A and AA rules) on what the page shows now:
 * a serious or critical violation fails the test, listed with the elements it was found on.
 */
export async function expectAccessible(page: Page, what: string) {
  // A scenario that runs at both widths is checked at 1280 px only: each check is a second of the suite's
  // CPU, and the page's words, names and colours are the same at both. What only a phone shows (the bottom
  // and side menus) is checked by the 390 px scenarios of its own (navigation.spec.ts).
  const info = base.info();
  if (info.project.name === "mobile" && !info.tags.some((tag) => oneWidthTags.has(tag))) return;
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const bad = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(bad, `accessibility of ${what}`).toEqual([]);
}

/**
 * axe's label-content-name-mismatch (WCAG 2.5.3, "experimental" in axe, so not among the tags above) on a
 * part of the page: a control's accessible name holds its visible text, so speech input can name it.
 */
export async function expectNamesHoldTheirText(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page })
    .include(selector)
    .withRules(["label-content-name-mismatch"])
    .analyze();
  expect(violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  template: string;
  createdAt: string;
}

/** The local outbox for an address, newest first. */
export async function outbox(
  request: APIRequestContext,
  market: Market,
  to: string,
): Promise<OutboxMessage[]> {
  const call = apiCall(market, `/dev/outbox.json?to=${encodeURIComponent(to)}`);
  const response = await request.get(call.url, { headers: call.headers });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** Waits for the newest mail of a template to an address and returns the link to `path` it holds. */
export async function mailLink(
  request: APIRequestContext,
  market: Market,
  to: string,
  template: string,
  path: string,
  newerThan = 0,
): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const mail = (await outbox(request, market, to)).find(
          (m) => m.template === template && Date.parse(m.createdAt) >= newerThan,
        );
        link = mail?.text.match(new RegExp(`https?://\\S+${path}\\?\\S+`))?.[0] ?? "";
        return link;
      },
      { message: `a ${template} mail to ${to}` },
    )
    .not.toBe("");
  return link;
}

/** A member made through the API (fixed form, flow 7 unless told), from its own random IP. */
export async function registerViaApi(
  request: APIRequestContext,
  market: Market,
  email: string,
  password = "secret-password",
  fluxId = "7",
) {
  const call = apiCall(market, "/users/register");
  const response = await request.post(call.url, {
    headers: { ...call.headers, "cf-connecting-ip": randomIp() },
    data: signUpBody({ email, password, region: regionOf[market].code, fluxId, source: "e2e" }),
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { token: string; clickid: string };
}

interface PlansAnswer {
  rateplan: Record<
    string,
    { product_id: string; crediti: number; crediti_promo: number; premiumLevel: number }[]
  >[];
  list: string;
  chosen: string | null;
}

/**
 * Pays a plan through the sandbox's API, as the payment page does: the plan from GET /api/plans (the one
 * chosen for the member unless `productId` names another of their list), then POST /orders/tryCharge with
 * the sandbox's success card, which grants at once (credits, level, the tabs told, the pending message).
 * Answers the plan paid.
 */
export async function payPlanViaApi(
  request: APIRequestContext,
  market: Market,
  member: { token: string; clickid: string },
  productId?: string,
) {
  const authorization = `Bearer ${member.token}`;
  const plansCall = apiCall(market, "/api/plans");
  const plansResponse = await request.get(plansCall.url, {
    headers: { ...plansCall.headers, authorization },
  });
  expect(plansResponse.status(), await plansResponse.text()).toBe(200);
  const plans = (await plansResponse.json()) as PlansAnswer;
  const wanted = productId ?? plans.chosen;
  const plan = plans.rateplan[0]?.[plans.list]?.find((p) => p.product_id === wanted);
  if (!plan) throw new Error(`no plan ${wanted} in the member's list ${plans.list}`);
  const charge = apiCall(market, "/orders/tryCharge");
  const response = await request.post(charge.url, {
    headers: { ...charge.headers, authorization },
    data: cardChargeBody(plan.product_id, member.clickid),
  });
  expect(await response.json()).toMatchObject({ status: "ok", message: "success", threeDS: null });
  return {
    productId: plan.product_id,
    credits: plan.crediti + plan.crediti_promo,
    premiumLevel: plan.premiumLevel,
  };
}

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");

/**
 * A fresh mobile number of the market (one number verifies one account per brand): as a member types it,
 * and in E.164 as the server stores it and the SMS outbox lists it.
 */
export function uniqueMobile(market: Market): { typed: string; e164: string } {
  if (market === "es") {
    const n = `6${digits(8)}`;
    return { typed: `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`, e164: `+34${n}` };
  }
  if (market === "en") {
    const n = `7400${digits(6)}`;
    return { typed: `0${n.slice(0, 4)} ${n.slice(4)}`, e164: `+44${n}` };
  }
  const n = `347${digits(7)}`;
  return { typed: `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`, e164: `+39${n}` };
}

/** The code of the newest SMS to this number in the local outbox (/dev/outbox/sms.json), once it is there. */
export async function smsCode(request: APIRequestContext, market: Market, e164: string): Promise<string> {
  const call = apiCall(market, `/dev/outbox/sms.json?to=${encodeURIComponent(e164)}`);
  let code = "";
  await expect
    .poll(async () => {
      const response = await request.get(call.url, { headers: call.headers });
      const { messages } = (await response.json()) as { messages: { body: string }[] };
      code = /\b(\d{6})\b/.exec(messages[0]?.body ?? "")?.[1] ?? "";
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * A member signed in through local storage. Verified by phone unless `verified` is false (a code sent to a
 * fresh number, read from the local SMS outbox and entered): the chat rules let only verified members send
 * messages and likes, and most journeys are about what comes after.
 */
export async function signedInMember(
  page: Page,
  market: Market,
  prefix: string,
  fluxId = "7",
  { verified = true }: { verified?: boolean } = {},
) {
  const member = await registerViaApi(
    page.request,
    market,
    uniqueEmail(`${prefix}-${market}`),
    undefined,
    fluxId,
  );
  if (verified) {
    const { e164 } = uniqueMobile(market);
    const post = async (path: string, data: unknown) => {
      const call = apiCall(market, `/api/users/${member.clickid}/${path}`);
      const response = await page.request.post(call.url, {
        headers: { ...call.headers, authorization: `Bearer ${member.token}` },
        data,
      });
      expect(response.status(), await response.text()).toBe(200);
    };
    await post("phone", { phone: e164 });
    await post("phone/verify", { code: await smsCode(page.request, market, e164) });
  }
  // The session is in the brand's local storage before the next page of each tab runs, without a page
  // load spent on putting it there; once per member and tab (a logout or a disabled account clears it for
  // good, and a member signed in later in the same tab takes over).
  await page.context().addInitScript(
    ({ token, clickid, host }) => {
      const seeded = (sessionStorage.getItem("e2e-sessions") ?? "").split(",");
      if (location.host !== host || seeded.includes(clickid)) return;
      sessionStorage.setItem("e2e-sessions", [...seeded, clickid].join(","));
      localStorage.setItem("token", token);
      localStorage.setItem("trackerId", clickid);
    },
    { ...member, host: `${hosts[market]}:${port}` },
  );
  return member;
}

/** The first angel of the member's /find grid: its id and screen name. */
export async function firstAngel(page: Page, market: Market = "it") {
  await page.goto(`${origin(market)}/find`);
  const card = page.getByTestId("angel-card").first();
  await expect(card).toBeVisible();
  return {
    id: Number(await card.getAttribute("data-angel-id")),
    name: ((await card.locator("strong").textContent()) ?? "").trim(),
  };
}

/** Fills the sign-up form's fields (the fixed form unless sono/cerco are given). */
export async function fillSignup(
  page: Page,
  fields: { email: string; password?: string; region: string; eta?: string; sono?: string; cerco?: string },
) {
  await page.locator('input[name="email"]').fill(fields.email);
  await page.locator('input[name="password"]').fill(fields.password ?? "secret-password");
  await page.locator('select[name="region"]').selectOption(fields.region);
  await page.locator('select[name="eta"]').selectOption(fields.eta ?? "34");
  if (fields.sono) await page.locator('select[name="sono"]').selectOption(fields.sono);
  if (fields.cerco) await page.locator('select[name="cerco"]').selectOption(fields.cerco);
}

export async function tickConsents(page: Page) {
  for (const name of ["terms1", "terms2", "terms3", "terms4"])
    await page.locator(`input[name="${name}"]`).check();
}

/** Logs out through the top bar (on mobile, its side menu) and waits for the visitor's home page. */
export async function logout(page: Page, label: string) {
  const menu = page.getByTestId("menu-button");
  const button = page.getByRole("button", { name: label });
  // An angel's visit or like can pop up meanwhile and take the menu's tap: close it, as a member would, and
  // open the menu again.
  await expect(async () => {
    const popup = page.getByRole("dialog").getByRole("button", { name: /^(Cerrar|Close|Chiudi|Fermer)$/ });
    if (await popup.isVisible()) await popup.click();
    if ((await menu.isVisible()) && !(await button.isVisible())) await menu.click();
    await button.click({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).toBeNull();
}

/**
 * Sends like events through the member's room socket, one angel at a time, until the like credits run out
 * (or the ids do); answers the like credits left.
 */
export function likeUntilOutOfCredits(
  page: Page,
  member: { token: string; clickid: string },
  angelIds: number[],
): Promise<number> {
  return page.evaluate(
    async ({ token, clickid, angelIds }) => {
      const socket = new WebSocket(
        `ws://${location.host}/parties/user-room/${clickid}?token=${encodeURIComponent(token)}&since=${Date.now()}`,
      );
      await new Promise((resolve, reject) => {
        socket.onopen = resolve;
        socket.onerror = reject;
      });
      let left = Number.POSITIVE_INFINITY;
      for (const angelId of angelIds) {
        const ack = await new Promise<{ status: string; creditiLike: number }>((resolve) => {
          socket.onmessage = (e) => {
            const frame = JSON.parse(String(e.data));
            if (frame.event === "like" && frame.data.angelId === angelId) resolve(frame.data);
          };
          socket.send(JSON.stringify({ event: "like", data: { angelId, trackerId: clickid } }));
        });
        left = ack.creditiLike;
        if (ack.status === "refused" || left <= 0) break;
      }
      socket.close();
      return left;
    },
    { ...member, angelIds },
  );
}

/** The member's credits where the width puts them: the top bar, or the side menu on a phone. */
export async function expectCredits(page: Page, text: string) {
  if ((page.viewportSize()?.width ?? 1280) <= 500) {
    await page.getByTestId("menu-button").click();
    await expect(page.getByTestId("side-credits")).toHaveText(text);
    await page.getByTestId("side-menu-close").click();
  } else {
    await expect(page.getByTestId("credits")).toHaveText(text);
  }
}

/**
 * Opens the brand's home as a visitor and, once it has started as a visitor's (the top bar's login link
 * shows), writes a session into its storage for the next page load to start with. The open page keeps the
 * session it started with (web/main.tsx reads the token once); login.spec.ts's disabled-account test shows it.
 */
export async function storeSession(page: Page, market: Market, session: { token: string; clickid?: string }) {
  await page.goto(`${origin(market)}/`);
  await expect(page.locator(".topnav")).toBeVisible();
  await page.evaluate(({ token, clickid }) => {
    localStorage.setItem("token", token);
    if (clickid) localStorage.setItem("trackerId", clickid);
  }, session);
}

/**
 * Leaves the HTML's first-screen bootstrap unanswered (POST /api/first-screen fails), so the app asks
 * /users/verify and the screen's own calls itself, as it does when the bootstrap fails: for tests that
 * rewrite those calls' answers in the browser.
 */
export const withoutBootstrap = (page: Page) =>
  page.route("**/api/first-screen", (route) => route.abort("failed"));

/**
 * A slower network, as on a phone: every request waits 300 ms (Chromium's own throttling), so a call that
 * waits on the bundle shows as starting after it.
 */
export async function slowNetwork(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 300,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}
