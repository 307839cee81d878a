// The admin opens the console's dashboard: members of two sites signed up from one source, some of whom paid,
// show in the funnel, the money and the paying members; choosing the source and then one site redraws the plots
// with that site's figures only; a figure downloads as CSV; half a year is drawn per week. At 390 and 1280 px,
// with screenshots.
import type { APIRequestContext, Page } from "@playwright/test";
import { demoOperators } from "../../drizzle/seed-data/operators";
import { signUpBody } from "../fixtures/sign-up-body";
import {
  apiCall,
  expect,
  expectAccessible,
  type Market,
  origin,
  payPlanViaApi,
  randomIp,
  regionOf,
  test,
  uniqueEmail,
} from "./helpers";

const admin = demoOperators.find((o) => o.role === "admin");
if (!admin) throw new Error("the seed has an admin");

async function signUp(request: APIRequestContext, market: Market, source: string) {
  const call = apiCall(market, "/users/register");
  const response = await request.post(call.url, {
    headers: { ...call.headers, "cf-connecting-ip": randomIp() },
    data: signUpBody({
      email: uniqueEmail("dash"),
      password: "secret-password",
      region: regionOf[market].code,
      source,
    }),
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { token: string; clickid: string };
}

async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: `test-results/ops-dashboard/${name}-${test.info().project.name}.png`,
    fullPage: true,
    animations: "disabled",
  });
}

/** What the funnel's canvas shows, to tell that a plot was drawn again. */
const funnelPixels = (page: Page) =>
  page
    .getByTestId("figure-funnel")
    .locator("canvas")
    .first()
    .evaluate((c) => (c as HTMLCanvasElement).toDataURL());

test("the dashboard plots the figures of the sites and source chosen, and downloads them", async ({
  page,
  request,
}) => {
  const source = `e2e-dash-${Math.random().toString(36).slice(2, 10)}`;
  const italians = await Promise.all([1, 2, 3, 4].map(() => signUp(request, "it", source)));
  const spaniards = await Promise.all([1, 2].map(() => signUp(request, "es", source)));
  for (const member of italians.slice(0, 2)) await payPlanViaApi(request, "it", member);
  const [paying] = spaniards;
  if (!paying) throw new Error("two Spanish members");
  await payPlanViaApi(request, "es", paying);

  // The page's own errors would reach the console's error list: none while the plots are drawn and resized.
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("request", (r) => {
    if (r.url().endsWith("/api/log/client")) pageErrors.push(r.postData() ?? "");
  });
  await page.goto(`${origin("it")}/ops/login`);
  await page.locator('input[name="email"]').fill(admin.email);
  await page.locator('input[name="password"]').fill(admin.password);
  await page.locator("form.ops-login button[type=submit]").click();
  await expect(page.getByTestId("ops-operator")).toBeVisible();
  await page.locator('a[href="/ops/dashboard"]').click();
  await expect(page).toHaveURL(/\/ops\/dashboard$/);
  await expect(page.getByTestId("figure-funnel").locator("canvas").first()).toBeVisible();

  // The source's own figures: six sign-ups on two sites, three of whom paid.
  await page
    .locator("label", { hasText: /^(Source|Sorgente|Origen)/ })
    .locator("select")
    .selectOption(source);
  await expect(page.getByTestId("step-signups")).toHaveText("6");
  await expect(page.getByTestId("step-firstPayments")).toHaveText("3");
  await expect(page.getByTestId("paying-members")).toHaveText("3");
  for (const figure of ["funnel", "money", "payers", "renewals", "cohorts"]) {
    await expect(page.getByTestId(`figure-${figure}`).locator("canvas").first()).toBeVisible();
  }
  // Each plot fits the page's width: nothing scrolls sideways.
  const width = page.viewportSize()?.width ?? 1280;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await screenshot(page, "dashboard-source");
  await expectAccessible(page, "the console's dashboard");

  // One site: the plots are drawn again with its figures only.
  const before = await funnelPixels(page);
  await page.getByTestId("filter-brand").selectOption("amorespana");
  await expect(page.getByTestId("step-signups")).toHaveText("2");
  await expect(page.getByTestId("step-firstPayments")).toHaveText("1");
  await expect(page.getByTestId("paying-members")).toHaveText("1");
  await expect.poll(() => funnelPixels(page)).not.toBe(before);
  await screenshot(page, "dashboard-one-site");

  // The funnel as CSV, with the site, the flow and the source of each row.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("figure-funnel").getByRole("button").click(),
  ]);
  const text = await (await download.createReadStream()).toArray();
  const lines = Buffer.concat(text).toString("utf8").trim().split("\r\n");
  expect(lines[0]).toBe(
    "day,brand,flow,source,landings,signups,phone_verified,first_messages,first_payments,first_renewals",
  );
  expect(lines.slice(1).every((l) => l.includes(`,amorespana,`) && l.includes(`,${source},`))).toBe(true);

  // A range over 92 days is drawn per week, and says so; the figures of the range stay the same.
  const from = new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10);
  await page
    .locator("label", { hasText: /^(From|Dal|Desde|Du)/ })
    .locator("input")
    .fill(from);
  await expect(page.getByTestId("dash-step")).toBeVisible();
  await expect(page.getByTestId("step-signups")).toHaveText("2");
  await expect(page.getByTestId("paying-members")).toHaveText("1");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await screenshot(page, "dashboard-per-week");
  expect(pageErrors).toEqual([]);
});
