// What follows a payment, as a member meets it: age verification by card on a verificaEta flow (the hook
// leads to the plans page, the 18+ variant, the zero-amount check), a renewing plan renewed by the job and
// shown on the profile with its receipts (one downloaded and read), the one-click unsubscribe there and on
// /unsubscribe/, and the VIP header of members who seek men with its fallback picture.
import type { Page } from "@playwright/test";
import { pdfText } from "../fixtures/pdf-text";
import { signUpBody } from "../fixtures/sign-up-body";
import {
  apiCall,
  at390,
  at1280,
  expect,
  fastForwardTo,
  type Market,
  oneMarketPerWidth,
  origin,
  payPlanViaApi,
  randomIp,
  regionOf,
  shot,
  signedInMember,
  test,
} from "./helpers";

// The pages' waits (the chats after 3 s, the profile's reload after 6 s, /find after 3 s) on the page's
// clock, not slept through.
test.beforeEach(({ page }) => page.clock.install());

const texts = {
  it: {
    verifyHeader: "Verifica la tua età",
    verifyPrice: "0,00 €",
    plansHeading: "Scegli i tuoi crediti",
    renews: /^VIP Gold: si rinnova il .+ per 49,90\s€$/,
    canceled: /^VIP Gold: non si rinnoverà; i vantaggi durano fino al .+$/,
    unsubscribe: "Disiscriviti",
    unsubscribed: "Disiscrizione completata: il tuo piano non si rinnoverà.",
    ko: "Non è stato possibile disiscriverti. Contatta l'assistenza clienti.",
    receipt: "Ricevuta",
    receiptFile: "ricevuta_",
    cardNumber: "Numero della carta",
    cardSaved: "La tua carta è salvata: il tuo piano si rinnova su questa carta da ora in poi.",
  },
  es: {
    verifyHeader: "Verifica tu edad",
    verifyPrice: "0,00 €",
    plansHeading: "Elige tus créditos",
    renews: /^VIP Gold: se renueva el .+ por 49,90\s€$/,
    canceled: /^VIP Gold: no se renovará; tus ventajas duran hasta el .+$/,
    unsubscribe: "Darse de baja",
    unsubscribed: "Te has dado de baja: tu plan no se renovará.",
    ko: "No hemos podido darte de baja. Ponte en contacto con atención al cliente.",
    receipt: "Recibo",
    receiptFile: "recibo_",
    cardNumber: "Número de tarjeta",
    cardSaved: "Tu tarjeta está guardada: tu plan se renueva con ella a partir de ahora.",
  },
  en: {
    verifyHeader: "Verify your age",
    verifyPrice: "€0.00",
    plansHeading: "Choose your credits",
    renews: /^VIP Gold: renews on .+ for €49\.90$/,
    canceled: /^VIP Gold: will not renew; your benefits last until .+$/,
    unsubscribe: "Unsubscribe",
    unsubscribed: "You are unsubscribed: your plan will not renew.",
    ko: "We could not unsubscribe you. Please contact customer care.",
    receipt: "Receipt",
    receiptFile: "receipt_",
    cardNumber: "Card number",
    cardSaved: "Your card is saved: your plan renews on it from now on.",
  },
} as const;

async function billing(page: Page, market: Market, token: string) {
  const call = apiCall(market, "/api/billing");
  const response = await page.request.get(call.url, {
    headers: { ...call.headers, authorization: `Bearer ${token}` },
  });
  return (await response.json()) as { nextBillDate: string | null; periodEnd: string | null; status: string };
}

/** Runs the renewal job (the Cron Trigger's code) for the member's plans as if it were `now`. */
async function runRenewals(page: Page, market: Market, clickid: string, now: Date) {
  const call = apiCall(market, "/dev/renewals/run");
  const response = await page.request.post(call.url, {
    headers: call.headers,
    data: { now: now.toISOString(), clickid },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { events: { kind: string }[] };
}

test(
  "age verification by card: the hook leads to the 18+ check, then the plans (English)",
  at390,
  async ({ page }) => {
    // London has more than five pages of angels in the seed: the pager reaches the paginazione hook.
    const market = "en";
    const text = texts[market];
    // The verificaEta flow (6); not verified by phone either.
    const member = await signedInMember(page, market, "verify", "6", { verified: false });
    await page.goto(`${origin(market)}/find`);
    await expect(page.getByTestId("angel-card").first()).toBeVisible();
    // Past the first block, a free member meets the paginazione hook: on this flow it is the plans page.
    await page.getByTestId("pager-next").click();
    await expect(page).toHaveURL(/\/vip_plan\/cred$/);
    const verify = page.getByTestId("plans-verify");
    await expect(page.getByRole("heading", { name: text.verifyHeader })).toBeVisible();
    await expect(verify.getByRole("img", { name: /18/ })).toHaveText("18+");
    await expect(verify).toContainText(text.verifyPrice);
    await expect(verify).toContainText("€0.01");
    await expect(verify).toContainText("€0.10");
    await expect(page.getByTestId("plan-starter-30")).toBeHidden();
    await shot(page, "payments-verify");

    await verify.getByTestId("plans-continue").click();
    await expect(page).toHaveURL(/\/purchase\/pay\?plan=verify-age/);
    // Its own header: 18+, 0.00 charged with both readings of the fee, no subscription, card only.
    const header = page.getByTestId("age-verification-header");
    await expect(header).toContainText("18+");
    await expect(page.getByTestId("age-charge")).toHaveText("Charged: €0.00, as displayed.");
    await expect(header).toContainText(
      "a verification fee of up to €0.01; by another reading of the conditions (the French text), up to €0.10.",
    );
    await expect(header).toContainText("This is not a subscription: nothing renews.");
    await expect(page.getByTestId("pay-methods")).toHaveCount(0);
    await expect(page.getByTestId("checkout-terms")).toContainText("One payment: the plan does not renew");
    await expect(page.getByTestId("pay-submit")).toHaveText("Verify my age (€0.00)");
    await shot(page, "payments-verify-pay");
    // /ok/?verifica=1 (its popup says the age is verified), then the chats after 3 s.
    const okSeen = page.waitForURL(/\/ok\/\?verifica=1$/, { timeout: 10_000 });
    await page.getByTestId("pay-submit").click();
    await okSeen;
    await fastForwardTo(page, /\/chats$/);

    // Verified: the plans page now offers the plans, and nothing was charged or subscribed.
    await page.goto(`${origin(market)}/vip_plan/cred`);
    await expect(page.getByRole("heading", { name: text.plansHeading })).toBeVisible();
    await expect(page.getByTestId("plan-starter-30")).toBeVisible();
    await expect(page.getByTestId("plans-verify")).toHaveCount(0);
    expect(await billing(page, market, member.token)).toMatchObject({ status: "free", nextBillDate: null });
  },
);

for (const { market, width } of oneMarketPerWidth("es", "it")) {
  test(
    `a renewing plan: renewed, receipts on the profile, one-click unsubscribe (${market})`,
    width,
    async ({ page }) => {
      const text = texts[market];
      const member = await signedInMember(page, market, "renew");
      await payPlanViaApi(page.request, market, member, "gold-300");
      const first = await billing(page, market, member.token);
      // A month on, the job renews it with the kept card.
      const due = new Date(first.nextBillDate ?? 0);
      expect(
        (await runRenewals(page, market, member.clickid, new Date(due.getTime() + 1000))).events,
      ).toEqual([{ kind: "renewed", subscriptionId: expect.any(Number) }]);

      await page.goto(`${origin(market)}/profile`);
      const section = page.getByTestId("billing");
      await expect(section.getByTestId("billing-status")).toHaveText(text.renews);
      await expect(section.getByTestId("paylog").locator("li")).toHaveCount(2);
      await expect(section.getByTestId("paylog").locator("li").first()).toContainText("VIP Gold");
      await expect(page.getByTestId("profile-photos")).toBeVisible();
      await shot(page, "payments-profile-billing");

      // A receipt: downloaded under the spec's name (its word in the brand's language), and it says what was
      // paid, to whom, with which card.
      const button = section.getByRole("button", { name: text.receipt }).first();
      const chargeId = (await button.getAttribute("data-testid"))?.replace("receipt-", "");
      const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
      expect(download.suggestedFilename()).toBe(`${text.receiptFile}${chargeId}.pdf`);
      const path = await download.path();
      const { readFile } = await import("node:fs/promises");
      const lines = (await pdfText(new Uint8Array(await readFile(path)))).join("\n");
      expect(lines).toContain("VIP Gold");
      expect(lines).toContain("4242");
      expect(lines).toContain("Demo Dating Ltd");
      expect(lines).toContain(market === "es" ? "AMORESPANA" : "AMOREITALIA");

      // A new card for the renewals: checked at 0.00 and kept, then shown on the profile.
      await expect(section.getByTestId("billing-card")).toHaveText(/^VISA •••• 4242 · \d\d\/\d\d$/);
      await section.getByTestId("billing-change-card").click();
      await expect(page).toHaveURL(/\/purchase\/card$/);
      await page.getByLabel(text.cardNumber).fill("5555555555554444");
      await shot(page, "payments-card-update");
      await page.getByTestId("pay-submit").click();
      await expect(page.getByTestId("card-kept")).toContainText(text.cardSaved);
      await page.getByTestId("card-kept").getByRole("link").click();
      await expect(page.getByTestId("billing-card")).toHaveText(/^MASTERCARD •••• 4444 · 12\/\d\d$/);

      // One click (and its confirmation): level 1 at once, the paid period kept, the page reloads after 6 s.
      await section.getByTestId("billing-unsubscribe").click();
      await page.getByTestId("unsubscribe-confirm-yes").click();
      await expect(section.getByTestId("unsubscribe-ok")).toHaveText(text.unsubscribed);
      await shot(page, "payments-profile-unsubscribed");
      await fastForwardTo(page, page.getByTestId("billing-status").filter({ hasText: text.canceled }));
      // Level 1 now: nothing renews, so the profile offers no unsubscribe button any more.
      await expect(page.getByTestId("billing-unsubscribe")).toHaveCount(0);
      expect(await billing(page, market, member.token)).toMatchObject({
        status: "canceled",
        nextBillDate: null,
      });

      // Nothing is left to stop: /unsubscribe/ says so in the catalogue's words.
      await page.goto(`${origin(market)}/unsubscribe/`);
      await page.getByRole("button", { name: text.unsubscribe }).click();
      await expect(page.getByTestId("unsubscribe-ko")).toHaveText(text.ko);
    },
  );
}

test("/unsubscribe/: one click, the tooltip, then /find after 3 s (English)", at1280, async ({ page }) => {
  const member = await signedInMember(page, "en", "unsub");
  await payPlanViaApi(page.request, "en", member, "gold-300");
  await page.goto(`${origin("en")}/unsubscribe/`);
  await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
  await shot(page, "payments-unsubscribe");
  await page.getByRole("button", { name: texts.en.unsubscribe }).click();
  await expect(page.getByTestId("unsubscribe-ok")).toHaveText(texts.en.unsubscribed);
  await shot(page, "payments-unsubscribe-ok");
  await fastForwardTo(page, /\/find$/);
  expect(await billing(page, "en", member.token)).toMatchObject({ status: "canceled" });
});

test(
  "members who seek men see the VIP header, and another VIP picture when it fails to load",
  at390,
  async ({ page }) => {
    // The compliant flow's form lets a member choose whom they seek.
    const call = apiCall("it", "/users/register");
    const response = await page.request.post(call.url, {
      headers: { ...call.headers, "cf-connecting-ip": randomIp() },
      data: signUpBody({
        email: `vip-${crypto.randomUUID().slice(0, 8)}@example.com`,
        password: "secret-password",
        eta: 30,
        region: regionOf.it.code,
        sono: "donna",
        cerco: "uomo",
        fluxId: "0000",
      }),
    });
    expect(response.status()).toBe(200);
    const { token, clickid } = (await response.json()) as { token: string; clickid: string };
    await page.context().addInitScript(
      ({ token, clickid }) => {
        localStorage.setItem("token", token);
        localStorage.setItem("trackerId", clickid);
      },
      { token, clickid },
    );
    await page.route("**/vip/vip-header.svg", (route) => route.abort());
    await page.goto(`${origin("it")}/vip_plan/cred`);
    // The compliant flow's double opt-in asks to confirm the address first.
    await page.getByRole("button", { name: "Chiudi" }).click();
    const header = page.getByTestId("plans-header-vip");
    await expect(header).toHaveAttribute("data-fallback", "alt");
    await expect(header).toHaveJSProperty("complete", true);
    expect(await header.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shot(page, "payments-plans-vip");
  },
);
