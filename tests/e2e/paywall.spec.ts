// The paywall as a free member meets it: the balance and the price of each message beside the send button,
// the warning on the last free message before "out of credits"; the plans page with each plan's value per
// message and a reduction only with its reference price, without sideways scrolling on a phone in every
// language; the payment pages' back arrows; a renewing plan paid with PayPal (the sandbox vaults it, as PayPal
// does) and renewed on it.
import type { Page } from "@playwright/test";
import {
  apiCall,
  at390,
  at1280,
  expect,
  fastForwardTo,
  firstAngel,
  hosts,
  type Market,
  narrowOnly,
  oneMarketPerWidth,
  origin,
  payPlanViaApi,
  port,
  shot,
  signedInMember,
  test,
} from "./helpers";

const composer = {
  it: {
    start: "Crediti rimasti: 5 · primi messaggi: 3",
    free: "Questo messaggio: gratis",
    oneCredit: "Questo messaggio: 1 credito",
    credits: (n: number) => `Crediti rimasti: ${n}`,
    last: (name: string) =>
      `Questo è il tuo ultimo messaggio gratuito a ${name}: dopo, con un piano puoi continuare a scrivere.`,
    out: "Hai finito i crediti: questo messaggio resta in attesa mentre scegli un piano.",
    none: "Questo messaggio: crediti finiti",
    hookTitle: "Hai finito i crediti",
  },
  es: {
    start: "Créditos restantes: 5 · primeros mensajes: 3",
    free: "Este mensaje: gratis",
    oneCredit: "Este mensaje: 1 crédito",
    credits: (n: number) => `Créditos restantes: ${n}`,
    last: (name: string) =>
      `Este es tu último mensaje gratis a ${name}: después, con un plan puedes seguir escribiendo.`,
    out: "Se te han acabado los créditos: este mensaje espera mientras eliges un plan.",
    none: "Este mensaje: sin créditos",
    hookTitle: "Te has quedado sin créditos",
  },
} as const;

/** Writes a message and waits until the room has stored it (its line is no longer the one being sent). */
async function send(page: Page, text: string) {
  await page.getByTestId("chat-input").fill(text);
  await page.getByTestId("chat-input").press("Enter");
  await expect(page.getByTestId("messages").getByText(text, { exact: true })).toBeVisible();
}

for (const { market, width } of oneMarketPerWidth("it", "es")) {
  test(
    `the chat shows the balance and each message's price, and warns on the last free message (${market})`,
    width,
    async ({ page }) => {
      const text = composer[market];
      await signedInMember(page, market, "meter");
      const angel = await firstAngel(page, market);
      await page.goto(`${origin(market)}/chats/${angel.id}`);

      // A free member's very first message is free; the icebreakers show where they pay.
      const balance = page.getByTestId("composer-balance");
      const price = page.getByTestId("composer-price");
      await expect(balance).toHaveText(text.start);
      await expect(price).toHaveText(text.free);
      await expect(page.getByTestId("composer-warning")).toHaveCount(0);
      await shot(page, "paywall-composer");

      // Then a credit a message: five of them, the fifth the last free one, said before it is sent.
      await send(page, "Ciao!");
      await expect(price).toHaveText(text.oneCredit);
      for (const n of [5, 4, 3, 2]) {
        await expect(balance).toHaveText(text.credits(n));
        await send(page, `Messaggio ${n}`);
      }
      await expect(balance).toHaveText(text.credits(1));
      const warning = page.getByTestId("composer-warning");
      await expect(warning).toContainText(text.last(angel.name));
      await shot(page, "paywall-composer-last");

      // Used up: said before the next message, which then waits for a plan (the hook opens).
      await send(page, "Ultimo gratis");
      await expect(balance).toHaveText(text.credits(0));
      await expect(price).toHaveText(text.none);
      await expect(warning).toContainText(text.out);
      await page.getByTestId("chat-input").fill("Questo aspetta un piano");
      await page.getByTestId("chat-input").press("Enter");
      await expect(page.getByTestId("hook-popup-fine_crediti")).toBeVisible();
      await expect(page.getByTestId("hook-popup-fine_crediti")).toContainText(text.hookTitle);
    },
  );
}

const plansTexts = {
  it: {
    perMessage: "3 messaggi · 3,30 € a messaggio",
    reference: "19,80 €",
    gold: "30 messaggi · 1,66 € a messaggio",
  },
  es: {
    perMessage: "3 mensajes · 3,30 € por mensaje",
    reference: "19,80 €",
    gold: "30 mensajes · 1,66 € por mensaje",
  },
  en: {
    perMessage: "3 messages · €3.30 per message",
    reference: "€19.80",
    gold: "30 messages · €1.66 per message",
  },
  fr: {
    perMessage: "3 messages · 3,30 € par message",
    reference: "19,80 €",
    gold: "30 messages · 1,66 € par message",
  },
} as const;

/** The page's own text, with the no-break spaces of money and French punctuation as plain ones. */
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

/** Serves a brand's pages in French (no brand speaks it yet; the catalogue is the site's fourth language). */
async function inFrench(page: Page, market: Market) {
  await page.route(`http://${hosts[market]}:${port}/vip_plan/**`, async (route) => {
    // Node resolves no *.localhost: the page is fetched from 127.0.0.1 with the brand's Host.
    const url = new URL(route.request().url());
    const response = await route.fetch({
      url: `http://127.0.0.1:${port}${url.pathname}${url.search}`,
      headers: { ...route.request().headers(), host: url.host },
    });
    const html = (await response.text()).replace(/"language":"(it|es|en)"/, '"language":"fr"');
    await route.fulfill({ response, body: html });
  });
}

test(
  "the plans page fits a phone in every language and brand: each plan's value per message, a reduction with its reference",
  narrowOnly,
  async ({ page }) => {
    test.slow();
    for (const market of ["it", "es", "en"] as const) {
      await signedInMember(page, market, "plans390", "7", { verified: false });
      for (const language of [market, "fr"] as const) {
        if (language === "fr") await inFrench(page, market);
        await page.goto(`${origin(market)}/vip_plan/cred`);
        const text = plansTexts[language];
        const starter = page.getByTestId("plan-starter-30");
        await expect(page.getByTestId("plan-value-starter-30")).toHaveText(text.perMessage);
        await expect(page.getByTestId("plan-value-gold-300")).toHaveText(text.gold);
        // The seed's Starter is sold at half the price it had for the 30 days before: badge and reference.
        await expect(starter.locator(".plan-badge")).toHaveText("-50%");
        await expect(starter.locator(".plan-old-price")).toHaveText(text.reference);
        expect(plain(await page.getByTestId("plan-reference-starter-30").textContent())).toContain(
          text.reference,
        );
        // The other plans had no other price: no badge, no struck-through price.
        await expect(page.getByTestId("plan-plus-100").locator(".plan-badge")).toHaveCount(0);
        await expect(page.getByTestId("plan-gold-300").locator(".plan-old-price")).toHaveCount(0);

        // Nothing wider than the phone: no sideways scroll, and no row's name or credits broken over lines.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${market} in ${language}: page wider than the phone`).toBeLessThanOrEqual(0);
        for (const row of await page.locator(".plan-row").all()) {
          for (const part of [".plan-name", ".plan-credits"]) {
            // One line of text is about 1.2 times its font's size high; two would be 2.4 times.
            const [height, fontSize] = await row
              .locator(part)
              .evaluate((e) => [
                e.getBoundingClientRect().height,
                Number.parseFloat(getComputedStyle(e).fontSize),
              ]);
            expect(height, `${market} in ${language}: ${part} on one line`).toBeLessThan(
              (fontSize ?? 16) * 1.8,
            );
          }
        }
        if (language === "fr") await page.unrouteAll({ behavior: "wait" });
        if (market === "it" || language === "fr") await shot(page, `paywall-plans-${market}-${language}`);
      }
    }
  },
);

test(
  "the plans page at 1280 px: values per message and the reduction's reference (English)",
  at1280,
  async ({ page }) => {
    await signedInMember(page, "en", "plans1280", "7", { verified: false });
    await page.goto(`${origin("en")}/vip_plan/cred`);
    await expect(page.getByTestId("plan-value-starter-30")).toHaveText(plansTexts.en.perMessage);
    await expect(page.getByTestId("plan-reference-starter-30")).toHaveText(
      "Lowest price in the 30 days before the reduction: €19.80",
    );
    await expect(page.getByText("with a plan each message costs 10 credits")).toBeVisible();
    await shot(page, "paywall-plans-en-en");
  },
);

test(
  "the payment pages' back arrows: plans back where the member was, pay to /vip_plan/cred, card to /profile",
  at390,
  async ({ page }) => {
    await signedInMember(page, "en", "backarrows");
    // From the chats, through the side menu's VIP entry: the plans' arrow goes back there.
    await page.goto(`${origin("en")}/chats`);
    await page.getByTestId("menu-button").click();
    await page.getByTestId("side-vip").click();
    await expect(page.getByTestId("plans-page")).toBeVisible();
    await shot(page, "paywall-back-plans");
    await page.getByTestId("back-arrow").click();
    await expect(page).toHaveURL(/\/chats$/);
    // Opened directly (a link from a mail), the plans' arrow leads to the member's home.
    await page.goto(`${origin("en")}/vip_plan/paginazione`);
    await page.getByTestId("back-arrow").click();
    await expect(page).toHaveURL(/\/find$/);

    await page.goto(`${origin("en")}/purchase/pay?plan=plus-100`);
    await expect(page.getByTestId("pay-price")).toHaveText("€24.90");
    await expect(page.getByTestId("back-arrow")).toHaveAccessibleName("Back to the plans");
    await expect(page.getByTestId("back-arrow")).toBeVisible();
    await shot(page, "paywall-back-pay");
    await page.getByTestId("back-arrow").click();
    await expect(page).toHaveURL(/\/vip_plan\/cred$/);

    await page.goto(`${origin("en")}/purchase/card`);
    // The card check's amount, as money: never a bare "0.00".
    await expect(page.getByTestId("card-update-page")).toContainText("checked with an amount of €0.00");
    await expect(page.getByTestId("card-form")).toContainText("Nothing is charged now: the check is €0.00.");
    await shot(page, "paywall-back-card");
    await page.getByTestId("back-arrow").click();
    await expect(page).toHaveURL(/\/profile$/);
  },
);

test(
  "a renewing plan (VIP Gold) offers the flow's every method; paid with PayPal, it renews on the vaulted account",
  at1280,
  async ({ page }) => {
    await page.clock.install();
    const member = await signedInMember(page, "en", "goldpaypal");
    await page.goto(`${origin("en")}/vip_plan/cred`);
    await page.getByTestId("plan-gold-300").click();
    await page.getByTestId("plans-continue").click();
    await expect(page).toHaveURL(/\/purchase\/pay\?plan=gold-300/);
    const picker = page.getByTestId("pay-methods");
    for (const name of ["Card", "PayPal", "Apple Pay", "Google Pay"]) {
      await expect(picker.getByLabel(name, { exact: true })).toBeVisible();
    }
    await picker.getByLabel("PayPal", { exact: true }).check();
    await expect(page.getByTestId("checkout-terms")).toContainText("renews automatically every 30 days");
    await shot(page, "paywall-gold-methods");
    await page.getByRole("button", { name: "Pay €49.90 with PayPal" }).click();
    await expect(page).toHaveURL(/\/sandbox\/wallet\/sbx_/);
    await page.getByRole("button", { name: "Approve €49.90" }).click();
    await expect(page).toHaveURL(/\/ok\/$/, { timeout: 10_000 });
    await fastForwardTo(page, /\/chats$/);

    // The profile: the PayPal account renews the plan.
    await page.goto(`${origin("en")}/profile`);
    await expect(page.getByTestId("billing-card")).toHaveText("PayPal account");
    await expect(page.getByTestId("billing-wallet-note")).toHaveText(
      "Your plan renews with this PayPal account.",
    );

    // A period later the renewal job charges the vaulted account, merchant initiated.
    const billing = apiCall("en", "/api/billing");
    const summary = (await (
      await page.request.get(billing.url, {
        headers: { ...billing.headers, authorization: `Bearer ${member.token}` },
      })
    ).json()) as { periodEnd: string };
    const run = apiCall("en", "/dev/renewals/run");
    const renewed = await page.request.post(run.url, {
      headers: run.headers,
      data: { now: new Date(Date.parse(summary.periodEnd) + 1000).toISOString(), clickid: member.clickid },
    });
    expect(await renewed.json()).toMatchObject({ events: [{ kind: "renewed" }] });
    await page.reload();
    await expect(page.getByTestId("paylog").locator("li")).toHaveCount(2);
  },
);

test(
  "flow 0000: no unsubscribe for a free member; a one-off premium plan's disabled button says why; the terms in a frame",
  at390,
  async ({ page }) => {
    const member = await signedInMember(page, "it", "compliant", "0000");
    await page.goto(`${origin("it")}/profile`);
    // The compliant flow's double opt-in asks to confirm the address first.
    await page.getByTestId("doi-popup").getByRole("button", { name: "Chiudi" }).click();
    await expect(page.getByTestId("billing-status")).toHaveText("Account gratuito");
    await expect(page.getByTestId("billing-unsubscribe")).toHaveCount(0);

    // The plans: the terms can be read in the iframe popup before they are accepted.
    await page.goto(`${origin("it")}/vip_plan/cred`);
    await page.getByTestId("doi-popup").getByRole("button", { name: "Chiudi" }).click();
    await page.getByTestId("plan-terms-read").click();
    const terms = page.getByTestId("hook-popup-iframe");
    await expect(terms.getByRole("heading", { name: "Termini del servizio" })).toBeVisible();
    await expect(terms.frameLocator("iframe").locator("body")).toContainText("Demo Dating Ltd");
    await shot(page, "paywall-terms-iframe");
    await terms.getByRole("button", { name: "Chiudi" }).click();

    // Premium (level 2) bought once: the spec's disabled button, and the truth about it.
    await payPlanViaApi(page.request, "it", member, "compliant-150");
    await page.goto(`${origin("it")}/profile`);
    await page.getByTestId("doi-popup").getByRole("button", { name: "Chiudi" }).click();
    const unsubscribe = page.getByTestId("billing-unsubscribe");
    await expect(unsubscribe).toBeDisabled();
    await expect(page.getByTestId("billing-unsubscribe-note")).toHaveText(
      "Il tuo piano è stato un pagamento unico: non si rinnova e non ti addebiteremo altro, quindi non c'è nulla da cui disiscriversi.",
    );
    await expect(unsubscribe).toHaveAccessibleDescription(/pagamento unico/);
    await shot(page, "paywall-compliant-unsubscribe");
  },
);
