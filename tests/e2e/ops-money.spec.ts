// A supervisor refunds a member's payment from the console: the member pays through the sandbox's API and
// keeps the site open; the supervisor finds them by e-mail, opens their payments and credits, refunds the
// paid plan with a reason; the member's credits drop on their open profile without a reload, where the receipt
// shows refunded at once, the payment shows refunded with the reason, and the audit log lists the refund and a
// repeated attempt that was not made. The console's bar names the sites the supervisor covers. At 390 and
// 1280 px, with screenshots.
import type { Page } from "@playwright/test";
import { demoOperators } from "../../drizzle/seed-data/operators";
import {
  apiCall,
  expect,
  expectAccessible,
  expectCredits,
  newDevice,
  origin,
  payPlanViaApi,
  registerViaApi,
  test,
  uniqueEmail,
} from "./helpers";

/** The seed's Starter plan of flow 7 (the plan chosen for a new member): 9.90 EUR, 30 credits. */
const PLAN = { productId: "starter-30", credits: 30 };
/** Flow 7's sign-up credits. */
const SIGNUP_CREDITS = 5;
const REASON = "Il cliente non ha usato i crediti e ha chiesto il rimborso";
/** The profile's billing status of a member without a plan. */
const FREE_STATUS = "Account gratuito";

/**
 * The console in its operators' own languages: the 390 px run signs in Lucía (a supervisor, Spanish), the
 * 1280 px run the admin (English); the member's site stays Italian.
 */
const desks = {
  mobile: {
    role: "supervisor",
    members: "Miembros",
    search: "Buscar",
    money: "Pagos y créditos",
    price: "9,90 €",
    card: "Tarjeta Visa •••• 4242",
    confirm: "¿Reembolsar 9,90 €?",
    noReason: /al menos 3 caracteres/,
    done: "Reembolsados 9,90 €: retirados 30 créditos, nivel premium ahora 0",
    audit: "Registro de actividad",
    refunded: "reembolsó un pago",
    notMade: "reembolso no realizado",
    brands: "Sitios: Amore Italia, Amor España",
    amountDetail: "Importe: 9,90\u00a0€",
    reasonDetail: "Motivo: ",
  },
  desktop: {
    role: "admin",
    members: "Members",
    search: "Search",
    money: "Payments and credits",
    price: "€9.90",
    card: "Visa card •••• 4242",
    confirm: "Refund €9.90?",
    noReason: /at least 3 characters/,
    done: "Refunded €9.90: 30 credits taken back, premium level now 0",
    audit: "Audit log",
    refunded: "refunded a payment",
    notMade: "refund not made",
    brands: "All sites",
    amountDetail: "Amount: €9.90",
    reasonDetail: "Reason: ",
  },
} as const;

/** A screenshot of the whole page (or of the viewport, for a dialog) in test-results/ops-money/. */
async function screenshot(page: Page, name: string, fullPage = true) {
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: `test-results/ops-money/${name}-${test.info().project.name}.png`,
    fullPage,
    animations: "disabled",
  });
}

/** A free member's navigation: no credit counter (paid members only), the VIP entry shown. */
async function expectFreeMember(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) <= 500) {
    await page.getByTestId("menu-button").click();
    await expect(page.getByTestId("side-vip")).toBeVisible();
    await expect(page.getByTestId("side-credits")).toHaveCount(0);
    await page.getByTestId("side-menu-close").click();
  } else {
    await expect(page.getByTestId("nav-vip")).toBeVisible();
    await expect(page.getByTestId("credits")).toHaveCount(0);
  }
}

test("a supervisor refunds a member's payment from the money view", async ({ page, browser }, info) => {
  // One supervising account per project, so the two projects' runs never share a session.
  const words = info.project.name === "mobile" ? desks.mobile : desks.desktop;
  const supervisor = demoOperators.find((o) => o.role === words.role);
  if (!supervisor) throw new Error("the seed's demo operators changed");

  // The member pays through the sandbox's API, as the payment page does, and keeps the site open.
  const email = uniqueEmail("refund-it");
  const member = await registerViaApi(page.request, "it", email);
  await page.context().addInitScript(({ token, clickid }) => {
    if (localStorage.getItem("token")) return;
    localStorage.setItem("token", token);
    localStorage.setItem("trackerId", clickid);
  }, member);
  await payPlanViaApi(page.request, "it", member, PLAN.productId);
  // The member keeps their profile open, with the payment among the receipts.
  await page.goto(`${origin("it")}/profile`);
  await expectCredits(page, `${SIGNUP_CREDITS + PLAN.credits} crediti`);
  const paid = page.getByTestId("paylog").locator("li");
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText("Starter");
  await expect(paid).not.toContainText("Rimborsato");
  await expect(page.getByTestId("billing-status")).toHaveText("Account premium");

  // The supervisor signs in to the console on another device and finds the member by e-mail.
  const desk = await newDevice(browser, info.project.use);
  const ops = await desk.newPage();
  await ops.goto(`${origin("it")}/ops/login`);
  await ops.locator('input[name="email"]').fill(supervisor.email);
  await ops.locator('input[name="password"]').fill(supervisor.password);
  await ops.locator("form.ops-login button[type=submit]").click();
  await expect(ops.getByTestId("ops-operator")).toContainText(supervisor.displayName);
  await expect(ops.getByTestId("ops-brands")).toHaveText(words.brands);
  await ops.getByRole("link", { name: words.members }).click();
  await expect(ops).toHaveURL(/\/ops\/members$/);
  await ops.locator('input[name="q"]').fill(email.toUpperCase());
  await ops.getByRole("button", { name: words.search }).click();
  const hit = ops.locator(`[data-testid="ops-member-hit"][data-clickid="${member.clickid}"]`);
  await expect(hit).toContainText(email);
  await screenshot(ops, "ops-members");
  await expectAccessible(ops, "the console's members");
  await hit.getByRole("link", { name: words.money }).click();

  // The money view: the paid plan with its card and the provider's reference, the order, the ledger.
  await expect(ops).toHaveURL(new RegExp(`/ops/members/${member.clickid}$`));
  const payment = ops.getByTestId("ops-payment").first();
  await expect(payment).toHaveAttribute("data-status", "succeeded");
  await expect(payment).toContainText("Starter");
  await expect(payment).toContainText(words.price);
  await expect(payment).toContainText(words.card);
  await expect(payment).toContainText(/sandbox · sbx_[0-9a-f]{32}/);
  await expect(ops.getByTestId("ops-money-credits")).toHaveText(String(SIGNUP_CREDITS + PLAN.credits));
  await expect(ops.getByTestId("ops-money-level")).toHaveText("1");
  await expect(
    ops.locator('[data-testid="ops-ledger-row"][data-reason="purchase"][data-balance="messaggi"]').first(),
  ).toContainText(`+${PLAN.credits}`);
  await expect(ops.getByTestId("ops-order")).toHaveCount(1);
  await screenshot(ops, "ops-money");
  await expectAccessible(ops, "the console's money view");

  // Refund: the confirmation asks why; without a reason nothing is sent.
  await payment.getByTestId("ops-refund").click();
  const dialog = ops.getByTestId("ops-refund-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading")).toHaveText(words.confirm);
  await dialog.locator('textarea[name="reason"]').fill("  ");
  await dialog.getByTestId("ops-refund-confirm").click();
  await expect(dialog.getByRole("alert")).toHaveText(words.noReason);
  await dialog.locator('textarea[name="reason"]').fill(REASON);
  await screenshot(ops, "ops-money-refund-dialog", false);
  await dialog.getByTestId("ops-refund-confirm").click();

  // The result shows; the payment is refunded with the reason; the credits and the level are back.
  await expect(dialog).toBeHidden();
  await expect(ops.getByTestId("ops-refund-done")).toContainText(words.done);
  await expect(payment).toHaveAttribute("data-status", "refunded");
  await expect(payment).toContainText(REASON);
  await expect(payment.getByTestId("ops-refund")).toHaveCount(0);
  await expect(ops.getByTestId("ops-money-credits")).toHaveText(String(SIGNUP_CREDITS));
  await expect(ops.getByTestId("ops-money-level")).toHaveText("0");
  await expect(
    ops.locator('[data-testid="ops-ledger-row"][data-reason="refund"][data-balance="messaggi"]').first(),
  ).toContainText(`-${PLAN.credits}`);
  await screenshot(ops, "ops-money-refunded");

  // The member's open profile learns it without a reload: the receipt says refunded, the plan is gone, and,
  // a free member again, the paid members' credit counter is gone and the VIP entry offers the plans.
  await expect(paid).toContainText("Rimborsato");
  await expect(page.getByTestId("billing-status")).toHaveText(FREE_STATUS);
  await expectFreeMember(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: `tests/e2e/screenshots/ops-money-member-refunded-${test.info().project.name}.png`,
    fullPage: true,
    animations: "disabled",
  });

  // Asked again (another tab, a stale page), the refund is refused and that attempt is audited too.
  const paymentId = await payment.getAttribute("data-payment-id");
  const again = apiCall("it", `/ops/api/payments/${paymentId}/refund`);
  const token = await ops.evaluate(() => localStorage.getItem("opsToken"));
  const repeated = await ops.request.post(again.url, {
    headers: { ...again.headers, authorization: `Bearer ${token}` },
    data: { reason: "Chiesto di nuovo dal cliente" },
  });
  expect(repeated.status()).toBe(409);

  // The audit log lists the refund with the payment and the reason, and the attempt that was not made.
  await ops.getByRole("link", { name: words.audit }).click();
  const row = ops.locator('[data-testid="ops-audit-row"][data-action="refund"]').first();
  await expect(row).toContainText(words.refunded);
  await expect(row).toContainText(REASON);
  const failed = ops.locator('[data-testid="ops-audit-row"][data-action="refund_failed"]').first();
  await expect(failed).toContainText(words.notMade);
  await expect(failed).toContainText("already_refunded");
  await expect(failed).toContainText("Chiesto di nuovo dal cliente");
  // Each detail by its name in the operator's language, the amount as money (not "amountCents: 990").
  await expect(row).toContainText(`${words.reasonDetail}${REASON}`);
  await expect(row).toContainText(words.amountDetail);
  await expect(row).not.toContainText(/amountCents|paymentId|creditsRemoved/);
  await screenshot(ops, "ops-money-audit");
  await desk.close();
});
