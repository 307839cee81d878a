// Linking Telegram from the profile, through the fake Bot API: the page shows the deep link to the brand's bot,
// the fake delivers the member's /start to the webhook (with the brand's secret header), and the page shows
// "linked", in each language at 390 px and in Italian at 1280 px. The local outbox then shows the bot's answer, and a notification
// handed to the channels shows there as a Telegram message and a digest mail.
import { createHmac } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { E2E_TELEGRAM_WEBHOOK_SECRET, type FakeTelegram, startFakeTelegram } from "../fakes/telegram";
import { expect, hosts, type Market, origin, port, signedInMember, test } from "./helpers";

const SHOTS = "/tmp/telegram-mail-shots";
mkdirSync(SHOTS, { recursive: true });

const brandOf: Record<Market, { id: string; bot: string }> = {
  it: { id: "amoreitalia", bot: "AmoreItaliaBot" },
  es: { id: "amorespana", bot: "AmorEspanaBot" },
  en: { id: "lovechat", bot: "LoveChatBot" },
};

const words = {
  it: { link: "Collega Telegram", open: "Apri @{bot} su Telegram", linked: "Telegram è collegato" },
  es: { link: "Vincular Telegram", open: "Abrir @{bot} en Telegram", linked: "Telegram está vinculado" },
  en: { link: "Link Telegram", open: "Open @{bot} in Telegram", linked: "Telegram is linked" },
  fr: { link: "Relier Telegram", open: "Ouvrir @{bot} dans Telegram", linked: "Telegram est relié" },
} as const;

let fake: FakeTelegram;
test.beforeAll(async () => {
  fake = await startFakeTelegram();
});
test.afterAll(() => fake.close());

/** Serves the brand's pages in French (no brand speaks it; the catalogue is the site's fourth language). */
async function inFrench(page: Page, market: Market) {
  await page.route(`http://${hosts[market]}:${port}/profile`, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({
      url: `http://127.0.0.1:${port}${url.pathname}${url.search}`,
      headers: { ...route.request().headers(), host: url.host },
    });
    const html = (await response.text()).replace(/"language":"(it|es|en)"/, '"language":"fr"');
    await route.fulfill({ response, body: html });
  });
}

/** The member sends /start <token> to the bot: the fake posts the Update to the brand's webhook. */
async function deliverStart(brandId: string, token: string, chatId: number, language: string) {
  const secret = createHmac("sha256", E2E_TELEGRAM_WEBHOOK_SECRET)
    .update(`telegram-webhook:${brandId}`)
    .digest("hex");
  const response = await fetch(`${fake.url}/__fake/deliver`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      url: `http://127.0.0.1:${port}/hooks/telegram/${brandId}`,
      secret,
      chat_id: chatId,
      text: `/start ${token}`,
      language_code: language,
    }),
  });
  return ((await response.json()) as { status: number }).status;
}

const cases = [
  ["it", "it"],
  ["es", "es"],
  ["en", "en"],
  ["en", "fr"],
] as const;

test("a member links Telegram from the profile in each language", async ({ page }, info) => {
  test.slow();
  // Every language at 390 px, where a longer text would first overflow; the wide layout in Italian.
  for (const [market, language] of info.project.name === "mobile" ? cases : cases.slice(0, 1)) {
    await page.unrouteAll({ behavior: "wait" });
    if (language === "fr") await inFrench(page, market);
    const member = await signedInMember(page, market, `telegram-${language}`, "7", { verified: false });
    await page.goto(`${origin(market)}/profile`);
    const card = page.locator("section.telegram-link");
    const w = words[language];
    const { id, bot } = brandOf[market];
    await card.getByRole("button", { name: w.link }).click();
    const open = card.getByRole("link", { name: w.open.replace("{bot}", bot) });
    await expect(open).toBeVisible();
    const deepLink = new URL((await open.getAttribute("href")) ?? "");
    expect(`${deepLink.origin}${deepLink.pathname}`).toBe(`https://t.me/${bot}`);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `${SHOTS}/telegram-${language}-deeplink-${info.project.name}.png`,
      fullPage: false,
    });

    const chatId = 100_000_000 + Math.floor(Math.random() * 900_000_000);
    expect(await deliverStart(id, deepLink.searchParams.get("start") ?? "", chatId, language)).toBe(200);
    await expect(card.getByRole("status")).toContainText(w.linked);
    await expect(card.getByRole("status")).toContainText(`@${bot}`);
    // The profile's Telegram toggle follows: the link turned Telegram notifications on.
    await expect(page.locator('.profile-notifications input[name="telegram"]')).toBeChecked();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `${SHOTS}/telegram-${language}-linked-${info.project.name}.png`,
      fullPage: false,
    });
    expect(member.clickid).toBeTruthy();
  }
});

test("the local outbox shows the bot's messages and the digest mail", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "the outbox page is a developer's page");
  const member = await signedInMember(page, "it", "telegram-outbox", "7", { verified: false });
  await page.goto(`${origin("it")}/profile`);
  const card = page.locator("section.telegram-link");
  await card.getByRole("button", { name: words.it.link }).click();
  const href = (await card.getByRole("link", { name: /Apri @AmoreItaliaBot/ }).getAttribute("href")) ?? "";
  const chatId = 100_000_000 + Math.floor(Math.random() * 900_000_000);
  await deliverStart("amoreitalia", new URL(href).searchParams.get("start") ?? "", chatId, "it");
  await expect(card.getByRole("status")).toContainText(words.it.linked);

  const notify = await page.request.post(`http://127.0.0.1:${port}/dev/members/${member.clickid}/notify`, {
    headers: { host: "it.localhost" },
    data: { kind: "message", angel: "Giulia", count: 3, locale: "it" },
  });
  expect(await notify.json()).toEqual({ telegram: "sent", email: "sent", digest: "sent" });

  await page.goto(`${origin("it")}/dev/outbox`);
  const telegram = page.locator("#telegram ~ article", { hasText: String(chatId) });
  await expect(telegram.first()).toContainText("3 nuovi messaggi da Giulia");
  await expect(telegram.first()).toContainText("/autologin_telegram?");
  await expect(telegram.nth(1)).toContainText("Telegram è collegato a Amore Italia");
  const digest = page.locator("article", { hasText: "Novità per te su Amore Italia" }).first();
  await expect(digest).toContainText("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  await expect(digest).toContainText("• 3 nuovi messaggi da Giulia");
  await page.screenshot({ path: `${SHOTS}/outbox-${info.project.name}.png` });
});
