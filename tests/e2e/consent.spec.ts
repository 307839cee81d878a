// The cookie banner (vanilla-cookieconsent): accept and reject side by side, the choice recorded on the server
// and changeable from the footer; the retargeting pixels load only after marketing consent; an error thrown in
// the page reaches the operators' console.
import type { Page } from "@playwright/test";
import { demoOperators } from "../../drizzle/seed-data/operators";
import { anyWidth, expect, type Market, origin, regionOf, test, tickConsents, uniqueEmail } from "./helpers";

test.use({ showCookieBanner: true });

const SHOTS = "/tmp/attribution-shots";
const shotTo = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, animations: "disabled" });

const banner = (page: Page) => page.locator("#cc-main .cm");
const stored = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem("cookiePolicy") ?? "null") as Record<string, unknown> | null,
  );

/** Counts the requests to the Italian brand's pixel host (answered with a 1x1 gif, as a pixel server does). */
async function watchPixels(page: Page) {
  const seen: string[] = [];
  await page.route("https://pixel.amoreitalia.example/**", (route) => {
    seen.push(new URL(route.request().url()).pathname);
    return route.fulfill({
      status: 200,
      contentType: "image/gif",
      body: Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
    });
  });
  return seen;
}

async function signUp(page: Page, market: Market) {
  await page.goto(`${origin(market)}/signup?tid=e2econsent`);
  await page.locator('input[name="email"]').fill(uniqueEmail("consent"));
  await page.locator('input[name="password"]').fill("secret-password");
  await page.locator('select[name="eta"]').selectOption("41");
  await page.locator('select[name="region"]').selectOption(regionOf[market].code);
  await tickConsents(page);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/(find|match)$/);
}

const languages: [Market, string, string, string][] = [
  ["it", "Accetta tutti", "Rifiuta tutti", "Preferenze cookie"],
  ["es", "Aceptar todas", "Rechazar todas", "Preferencias de cookies"],
  ["en", "Accept all", "Reject all", "Cookie preferences"],
];

test("the banner asks in the brand's language with accept and reject equally easy; reject is kept and recorded", async ({
  page,
}) => {
  for (const [market, accept, reject] of languages) {
    await page.goto(`${origin(market)}/`);
    await expect(banner(page)).toBeVisible();
    const acceptButton = banner(page).getByRole("button", { name: accept });
    const rejectButton = banner(page).getByRole("button", { name: reject });
    await expect(acceptButton).toBeVisible();
    await expect(rejectButton).toBeVisible();
    // Same prominence: the same size and colours.
    const [a, r] = await Promise.all([acceptButton.boundingBox(), rejectButton.boundingBox()]);
    expect(Math.abs((a?.height ?? 0) - (r?.height ?? 1))).toBeLessThan(2);
    const colours = async (b: typeof acceptButton) =>
      b.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    expect(await colours(acceptButton)).toEqual(await colours(rejectButton));
    await shotTo(page, `banner-${market}`);
    if (market !== "it") continue;
    const recorded = page.waitForResponse(
      (r) => r.url().endsWith("/api/consent/cookies") && r.status() === 200,
    );
    await rejectButton.click();
    await recorded;
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toMatchObject({ analytics: false, marketing: false });
    await page.reload();
    await expect(page.locator(".hero")).toBeVisible();
    await expect(banner(page)).toBeHidden();
    await page.evaluate(() => localStorage.removeItem("cookiePolicy"));
    await page.context().clearCookies();
  }
});

test("the choice changes later from the footer; pixels load only with marketing consent", async ({
  page,
}) => {
  const pixels = await watchPixels(page);
  await page.goto(`${origin("it")}/`);
  await banner(page).getByRole("button", { name: "Rifiuta tutti" }).click();
  await expect(banner(page)).toBeHidden();

  // A sign-up without marketing consent: no lead pixel.
  await signUp(page, "it");
  await page.waitForLoadState("networkidle");
  expect(pixels).toEqual([]);
  expect(await page.locator("img[data-pixel]").count()).toBe(0);
});

test("accepting marketing from the footer's preferences lets the lead pixel load at sign-up", async ({
  page,
}) => {
  const pixels = await watchPixels(page);
  await page.goto(`${origin("it")}/`);
  await banner(page).getByRole("button", { name: "Rifiuta tutti" }).click();
  await page.getByTestId("cookie-preferences").click();
  const preferences = page.locator("#cc-main .pm");
  await expect(preferences).toBeVisible();
  await shotTo(page, "preferences-it");
  await preferences.locator('input[value="marketing"]').check({ force: true });
  const recorded = page.waitForRequest((r) => r.url().endsWith("/api/consent/cookies"));
  await preferences.getByRole("button", { name: "Salva la scelta" }).click();
  expect((await recorded).postDataJSON()).toMatchObject({ analytics: false, marketing: true });
  expect(await stored(page)).toMatchObject({ marketing: true });

  await signUp(page, "it");
  await expect.poll(() => pixels).toEqual(["/lead.gif"]);

  // The profile shows the choices the server recorded, newest first.
  await page.goto(`${origin("it")}/profile`);
  const choices = page.getByTestId("cookie-choice");
  await expect(choices.first()).toContainText("marketing sì");
  await expect(choices.nth(1)).toContainText("marketing no");
  await page.getByTestId("cookie-choices").scrollIntoViewIfNeeded();
  await shotTo(page, "profile-cookie-choices");
});

test("an error thrown in the page reaches the operators' console", anyWidth, async ({ page, browser }) => {
  await page.goto(`${origin("it")}/`);
  await banner(page).getByRole("button", { name: "Accetta tutti" }).click();
  const marker = `KaboomE${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, "")
    .slice(0, 8)}`;
  const reported = page.waitForRequest((r) => r.url().endsWith("/api/log/client"));
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(`${text} for mario@example.com`);
    });
  }, marker);
  const body = (await reported).postDataJSON() as { subject: string; messaggio: string };
  expect(body.subject).toBe("Errore window");
  expect(body.messaggio).toContain(marker);
  expect(body.messaggio).not.toContain("mario@example.com");
  await page.evaluate((text) => void Promise.reject(new Error(`${text} rejected`)), marker);

  const giulia = demoOperators.find((o) => o.email.startsWith("giulia"));
  if (!giulia) throw new Error("no demo operator");
  const ops = await browser.newPage({ viewport: page.viewportSize() ?? { width: 1280, height: 800 } });
  await ops.goto(`${origin("it")}/ops/login`);
  await ops.locator('input[name="email"]').fill(giulia.email);
  await ops.locator('input[name="password"]').fill(giulia.password);
  await ops.locator("form.ops-login button[type=submit]").click();
  await expect(
    ops
      .getByRole("link", { name: "Errori del browser" })
      .or(ops.getByRole("link", { name: "Browser errors" })),
  ).toBeVisible();
  await ops.goto(`${origin("it")}/ops/client-errors`);
  const rows = ops.getByTestId("client-error-row").filter({ hasText: marker });
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: "Errore window" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Errore promise" })).toHaveCount(1);
  await shotTo(ops, "ops-client-errors");
  await ops.goto(`${origin("it")}/ops/postbacks`);
  await expect(ops.getByTestId("postback-row").first()).toBeVisible();
  await shotTo(ops, "ops-postbacks");
  await ops.close();
});
