// Paying on the built-in sandbox provider, as a member does it: a hook popup leads to the plans page, the plan
// to the payment page (the sandbox card filled in on local hosts), 3-D Secure on the sandbox's page, the
// return page's check, then the chats with the message that was waiting for credits; and a declined card
// with the catalogue's popup and its retry.
import type { Page } from "@playwright/test";
import {
  apiCall,
  expect,
  expectAccessible,
  fastForwardTo,
  firstAngel,
  origin,
  shot,
  signedInMember,
  test,
} from "./helpers";

/** The member's credits: in the top bar, or in the side menu on a phone. */
async function expectCredits(page: Page, text: string) {
  // By the viewport, not by what is on screen yet: the page may still be loading.
  if ((page.viewportSize()?.width ?? 1280) <= 500) {
    await page.getByTestId("menu-button").click();
    await expect(page.getByTestId("side-credits")).toHaveText(text);
    await expect(page.getByTestId("side-credits-bar")).toHaveAttribute("data-level", "full");
    await expect(page.getByTestId("side-vip")).toBeVisible();
    await shot(page, "payments-side-menu");
    await page.getByTestId("side-menu-close").click();
  } else {
    await expect(page.getByTestId("credits")).toHaveText(text);
    await expect(page.getByTestId("credits-bar")).toHaveAttribute("data-level", "full");
    await expect(page.getByTestId("nav-vip")).toBeVisible();
  }
}

// The spec's waits (2 s before 3-D Secure, 3 s and 6 s before the chats) on the page's clock, not slept through.
test.beforeEach(({ page }) => page.clock.install());

async function setPremium(page: Page, clickid: string, premiumLevel: number) {
  const call = apiCall("it", `/dev/members/${clickid}/premium`);
  await page.request.post(call.url, { headers: call.headers, data: { premiumLevel } });
}

test("fine_crediti → plans → card with 3-D Secure → paid: the pending message goes out (Italian)", async ({
  page,
}) => {
  const member = await signedInMember(page, "it", "pay3ds");
  // A paid member with the sign-up's 5 credits cannot pay a message worth 10.
  await setPremium(page, member.clickid, 1);
  const angel = await firstAngel(page);
  await page.goto(`${origin("it")}/chats/${angel.id}`);
  const input = page.getByTestId("chat-input");
  await input.fill("Ti scrivo appena pago");
  await input.press("Enter");
  // A paid member out of credits is offered a top-up (utente_premium), not a free member's first plan.
  const hook = page.getByTestId("hook-popup-utente_premium");
  await expect(hook).toContainText("I crediti del tuo piano sono finiti.");
  await hook.getByTestId("hook-plans").click();

  // The plans page: the premium list, its first plan chosen; a tap on the chosen plan goes on.
  await expect(page).toHaveURL(/\/vip_plan\/fine_crediti$/);
  await expect(page.getByRole("heading", { name: "Continua la conversazione" })).toBeVisible();
  const refill = page.getByTestId("plan-refill-100");
  await expect(refill).toHaveAttribute("aria-pressed", "true");
  await expect(refill).toContainText("100 crediti");
  await expect(refill).toContainText("19,90 €");
  await shot(page, "payments-plans");
  await expectAccessible(page, "the plans page");
  await refill.click();

  // The payment page: the plan, the guarantee, the test card of the sandbox.
  await expect(page).toHaveURL(/\/purchase\/pay\?plan=refill-100/);
  await expect(page.getByTestId("pay-price")).toHaveText("19,90 €");
  await expect(page.getByLabel("Numero della carta")).toHaveValue("4242 4242 4242 4242");
  await expect(page.getByTestId("card-brand")).toHaveText("visa");
  await shot(page, "payments-pay");
  await expectAccessible(page, "the payment page");
  await page.getByLabel("Numero della carta").fill("4000000000003220");
  await expect(page.getByLabel("Numero della carta")).toHaveValue("4000 0000 0000 3220");
  await page.getByTestId("pay-submit").click();
  await expect(page.getByLabel("Numero della carta")).toBeDisabled();

  // adyen's step: the form is posted after 2 s to the sandbox's challenge; its answer comes back here.
  await fastForwardTo(page, /\/sandbox\/3ds\/sbx_/);
  await page.getByRole("button", { name: "Approva" }).click();
  await expect(page).toHaveURL(/\/adyen\/paymentCheck\?redirectResult=sbx_/);
  const outcome = page.getByTestId("payment-outcome");
  await expect(outcome.getByTestId("payment-message")).toHaveText(
    "Grazie! I tuoi crediti sono pronti: torna alle tue chat.",
  );
  await expect(outcome.getByTestId("payment-message")).toHaveCSS("color", "rgb(6, 122, 21)");
  await shot(page, "payments-success");

  // After 3 s the chats reload; the message that waited for credits has gone out, paid from the new ones.
  await fastForwardTo(page, /\/chats$/);
  await page.goto(`${origin("it")}/chats/${angel.id}`);
  await expect(page.getByTestId("my-message").locator("p")).toHaveText("Ti scrivo appena pago");
  await expectCredits(page, "95 crediti");

  // The card is kept: the next plan is one tap, with the 'adding credits' wait, and the chats after 6 s.
  await page.goto(`${origin("it")}/vip_plan/cred`);
  await expect(page.getByTestId("plan-refill-100")).toHaveAttribute("aria-pressed", "true");
  await page.getByTestId("plan-refill-100").click();
  await expect(page.getByTestId("payment-message")).toHaveText(
    "Grazie! I tuoi crediti sono pronti: torna alle tue chat.",
  );
  await fastForwardTo(page, /\/chats$/);
  await expectCredits(page, "195 crediti");
});

test("a declined card shows the catalogue's reason in red; retry keeps the plan and offers every method (English)", async ({
  page,
}) => {
  const member = await signedInMember(page, "en", "paydeclined");
  await page.goto(`${origin("en")}/vip_plan/cred`);
  await expect(page.getByRole("heading", { name: "Choose your credits" })).toBeVisible();
  // A free member: the free list, its first-selling plan chosen.
  await expect(page.getByTestId("plan-starter-30")).toHaveAttribute("aria-pressed", "true");
  await page.getByTestId("plans-continue").click();

  await expect(page.getByTestId("pay-price")).toHaveText("€9.90");
  const number = page.getByLabel("Card number");
  await number.fill("4242 4242 4242 4241");
  await page.getByTestId("pay-submit").click();
  await expect(page.getByRole("alert")).toHaveText("Check the card number.");
  await expect(number).toHaveAttribute("aria-invalid", "true");

  await number.fill("4000000000001018");
  await page.getByTestId("pay-submit").click();
  const outcome = page.getByTestId("payment-outcome");
  await expect(outcome.getByTestId("payment-message")).toHaveText("The card does not have enough funds.");
  await expect(outcome.getByTestId("payment-message")).toHaveCSS("color", "rgb(132, 0, 0)");
  await shot(page, "payments-declined");
  // Try again: the same plan, the card's fields empty for another card, and the flow's other methods.
  await outcome.getByRole("button", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/purchase\/pay\?plan=starter-30(&type=cred)?$/);
  await expect(page.getByTestId("pay-price")).toHaveText("€9.90");
  const retry = page.getByTestId("pay-retry");
  await expect(retry).toContainText("The card does not have enough funds.");
  await expect(retry).toContainText("Your plan is kept: try another card, or choose another way to pay.");
  await expect(number).toHaveValue("");
  await expect(number).toBeFocused();
  for (const name of ["Card", "PayPal", "Apple Pay", "Google Pay"]) {
    await expect(page.getByTestId("pay-methods").getByLabel(name, { exact: true })).toBeVisible();
  }
  await shot(page, "payments-declined-retry");

  // 3-D Secure refused on the challenge page: the return page shows the catalogue's warning in red, and its
  // retry comes back to this plan's payment page, saying why.
  await number.fill("4000000000003220");
  await page.getByLabel("Expiry (MM/YY)").fill(`12/${(new Date().getFullYear() + 2) % 100}`);
  await page.getByLabel("CVV").fill("123");
  await page.getByTestId("pay-submit").click();
  await fastForwardTo(page, /\/sandbox\/3ds\/sbx_/);
  await page.getByRole("button", { name: "Refuse" }).click();
  await expect(page).toHaveURL(/\/adyen\/paymentCheck\?redirectResult=sbx_/);
  const refused = page.getByTestId("payment-outcome").getByTestId("payment-message");
  await expect(refused).toHaveText("The 3-D Secure verification failed.");
  await expect(refused).toHaveCSS("color", "rgb(132, 0, 0)");
  await shot(page, "payments-3ds-refused");
  await page.getByTestId("payment-outcome").getByRole("button", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/purchase\/pay\?plan=starter-30&retry=warning$/);
  await expect(page.getByTestId("pay-retry")).toContainText("The 3-D Secure verification failed.");
  await expect(page.getByTestId("pay-methods").getByLabel("PayPal", { exact: true })).toBeVisible();

  // Nothing was charged or granted.
  const plans = apiCall("en", "/api/plans");
  const answer = await page.request.get(plans.url, {
    headers: { ...plans.headers, authorization: `Bearer ${member.token}` },
  });
  expect(await answer.json()).toMatchObject({ premiumLevel: 0, list: "free" });
});
