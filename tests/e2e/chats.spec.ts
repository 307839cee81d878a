// /chats on two brands: the empty text for a new member; then a conversation with a 25-character preview,
// the unread count when the angel replies (in the top bar or the bottom menu, in messaggiNonLetti and on
// the conversation), the message popup, and the count cleared once the chat is opened.
import {
  anyWidth,
  expect,
  expectAccessible,
  oneMarketPerWidth,
  origin,
  shot,
  shotViewport,
  signedInMember,
  test,
} from "./helpers";

const texts = {
  it: { empty: "Ancora nessun messaggio: saluta qualcuno che ti piace!", title: "Chat" },
  es: { empty: "Aún no tienes mensajes: ¡saluda a alguien que te guste!", title: "Chats" },
} as const;

const MESSAGE = "Ciao! Che bella giornata per fare due chiacchiere insieme";

for (const { market, width } of oneMarketPerWidth("it", "es")) {
  const text = texts[market];

  test(`${market}: a new member sees the empty chat list`, width, async ({ page }) => {
    await signedInMember(page, market, "chats");
    await page.goto(`${origin(market)}/chats`);
    await expect(page.getByTestId("chats-empty")).toHaveText(text.empty);
    await expect(page.getByRole("heading", { level: 1, name: text.title }).last()).toBeVisible();
    await expect(page.getByTestId("chats-footer")).toHaveCount(0);
    await shot(page, `chats-empty-${market}`);
  });

  test(`${market}: conversation, preview, unread count and reset`, width, async ({ page }) => {
    test.setTimeout(120_000);
    await signedInMember(page, market, "chats");
    await page.goto(`${origin(market)}/find`);
    const card = page.getByTestId("angel-card").first();
    await expect(card).toBeVisible();
    const angelId = Number(await card.getAttribute("data-angel-id"));
    const name = ((await card.locator("strong").textContent()) ?? "").trim();

    await page.goto(`${origin(market)}/chats/${angelId}`);
    await page.locator("textarea").fill(MESSAGE);
    await page.locator("form.composer button[type=submit]").click();
    await expect(page.getByTestId("my-message")).toContainText(MESSAGE);
    // Leave before the reply (it comes after the typing note).
    await page
      .getByTestId("notification-popup")
      .waitFor({ state: "detached" })
      .catch(() => undefined);
    await page.goto(`${origin(market)}/chats`);
    const item = page.getByTestId("conversation");
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId("conversation-name")).toHaveText(name);
    await expect(item.getByRole("link")).toHaveAttribute("href", `/chats/${angelId}`);
    // The member's own message is the preview until the reply comes (seconds after sending): read both at
    // once, since on a loaded machine the list may open after the reply.
    const [ownPreview, unreadBefore] = await item.evaluate((row) => [
      row.querySelector('[data-testid="conversation-preview"]')?.textContent,
      row.querySelector('[data-testid="conversation-unread"]')?.textContent ?? null,
    ]);
    if (unreadBefore === null) expect(ownPreview).toBe(`${MESSAGE.slice(0, 25)}…`);

    // The angel's reply: counted in the navigation, on the conversation, in messaggiNonLetti; a popup.
    await expect(page.getByTestId("chats-unread")).toHaveText("1", { timeout: 30_000 });
    await expect(item.getByTestId("conversation-unread")).toHaveText("1");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("messaggiNonLetti"))).toBe("1");
    const preview = (await item.getByTestId("conversation-preview").textContent()) ?? "";
    expect(preview).not.toBe(`${MESSAGE.slice(0, 25)}…`);
    expect(Array.from(preview.replace(/…$/, "")).length).toBeLessThanOrEqual(25);
    const popup = page.getByTestId("notification-popup");
    await expect(popup).toHaveAttribute("data-kind", "message");
    await expect(popup).toContainText(name);
    await shotViewport(page, `chats-popup-message-${market}`);
    await page.getByTestId("notification-popup-close").click();
    await expect(popup).toHaveCount(0);
    await expect(item.getByTestId("conversation-photo")).toHaveJSProperty("complete", true);
    await shot(page, `chats-list-${market}`);
    await expectAccessible(page, "/chats");

    // Opening the chat reads it: the counts go.
    await item.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/chats/${angelId}$`));
    await expect(page.getByTestId("angel-message")).toHaveCount(1);
    // Her name is the chat's main heading (on a phone the top bar's title is a heading too).
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expectAccessible(page, "/chats/{u}");
    await page.goBack();
    await expect(page).toHaveURL(/\/chats$/);
    await expect(item).toHaveCount(1);
    await expect(page.getByTestId("chats-unread")).toHaveCount(0);
    await expect(item.getByTestId("conversation-unread")).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("messaggiNonLetti"))).toBe("0");
  });

  test(`${market}: flow 0000 has the legal footer on the chats page`, anyWidth, async ({ page }) => {
    await signedInMember(page, market, "chats", "0000");
    await page.goto(`${origin(market)}/chats`);
    const footer = page.getByTestId("chats-footer");
    await expect(footer.getByRole("link")).toHaveCount(5);
    await expect(footer.getByRole("link").first()).toHaveAttribute("href", "/legal/faq");
    // The links lead to the real pages (followed by address: flow 0000's opt-in popup covers the page).
    await page.goto(`${origin(market)}/legal/faq`);
    await expect(page.getByTestId("legal-page")).toContainText("Demo Dating Ltd");
  });
}
