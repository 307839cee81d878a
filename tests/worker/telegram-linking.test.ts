// Linking a member's Telegram: the deep link's /start token links once and for 10 minutes only, /stop unlinks,
// and the webhook refuses a request without the brand's secret header.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { telegramTokens } from "../../drizzle/schema/telegram";
import { webhookSecretToken } from "../../worker/notifications/telegram/telegram.service";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { call, createMember, hosts } from "../fixtures/members";
import { accountOf, keptFor, newChatId, postUpdate, startToken } from "../fixtures/telegram";

const state = async (token: string, host: string = hosts.it) =>
  (await (await call("/api/notifications/telegram", { token, host })).json()) as {
    linked: boolean;
    enabled: boolean;
    bot: string;
  };

describe("linking Telegram", () => {
  it("links the chat that sends /start with the deep link's token, and says so in the member's language", async () => {
    const member = await createMember();
    expect(await state(member.token)).toEqual({ linked: false, enabled: false, bot: "AmoreItaliaBot" });
    const { deepLink, token } = await startToken(member.token);
    expect(deepLink).toMatch(/^https:\/\/t\.me\/AmoreItaliaBot\?start=[A-Za-z0-9_-]{43}$/);

    const chatId = newChatId();
    expect((await postUpdate(chatId, `/start ${token}`, { language: "it" })).status).toBe(200);

    expect(await state(member.token)).toEqual({ linked: true, enabled: true, bot: "AmoreItaliaBot" });
    const account = await accountOf(member.clickid);
    expect(account.telegramId).toBe(String(chatId));
    expect(account.notifyTelegram).toBe(true);
    const [reply] = await keptFor(chatId);
    expect(reply?.text).toContain("Telegram è collegato a <b>Amore Italia</b>");
  });

  it("refuses a token used once already: the second chat is not linked", async () => {
    const member = await createMember();
    const { token } = await startToken(member.token);
    const first = newChatId();
    const second = newChatId();
    await postUpdate(first, `/start ${token}`);
    await postUpdate(second, `/start ${token}`, { language: "en" });
    expect((await accountOf(member.clickid)).telegramId).toBe(String(first));
    const [reply] = await keptFor(second);
    expect(reply?.text).toContain("This link has expired or was already used");
  });

  it("refuses a token older than 10 minutes", async () => {
    const member = await createMember();
    const { token } = await startToken(member.token);
    const account = await accountOf(member.clickid);
    // Ten minutes and a second later, as the clock of the database sees it.
    await inDb((db) =>
      db
        .update(telegramTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(telegramTokens.accountId, account.id)),
    );
    const chatId = newChatId();
    await postUpdate(chatId, `/start ${token}`, { language: "es" });
    expect(await state(member.token)).toMatchObject({ linked: false });
    expect((await keptFor(chatId))[0]?.text).toContain("Este enlace ha caducado");
  });

  it("gives the token a life of 10 minutes", async () => {
    const member = await createMember();
    const before = Date.now();
    const response = await call("/api/notifications/telegram/link", { method: "POST", token: member.token });
    const { expiresAt } = (await response.json()) as { expiresAt: string };
    const life = new Date(expiresAt).getTime() - before;
    expect(life).toBeGreaterThan(595_000);
    expect(life).toBeLessThanOrEqual(601_000);
  });

  it("unlinks on /stop and turns Telegram notifications off", async () => {
    const member = await createMember();
    const { token } = await startToken(member.token);
    const chatId = newChatId();
    await postUpdate(chatId, `/start ${token}`);
    await postUpdate(chatId, "/stop", { language: "fr" });
    expect(await state(member.token)).toMatchObject({ linked: false, enabled: false });
    const account = await accountOf(member.clickid);
    expect(account.telegramId).toBeNull();
    expect((await keptFor(chatId))[0]?.text).toContain(
      "Notifications de Amore Italia sur Telegram désactivées",
    );
  });

  it("unlinks from the site", async () => {
    const member = await createMember();
    const { token } = await startToken(member.token);
    await postUpdate(newChatId(), `/start ${token}`);
    const response = await call("/api/notifications/telegram", { method: "DELETE", token: member.token });
    expect(response.status).toBe(200);
    expect(await state(member.token)).toMatchObject({ linked: false });
  });

  it("refuses an update without the secret header, with a wrong one, or with another brand's", async () => {
    const member = await createMember();
    const { token } = await startToken(member.token);
    const chatId = newChatId();
    expect((await postUpdate(chatId, `/start ${token}`, { secret: null })).status).toBe(401);
    expect((await postUpdate(chatId, `/start ${token}`, { secret: "x".repeat(64) })).status).toBe(401);
    const spanish = await webhookSecretToken(testConfig, "amorespana");
    expect((await postUpdate(chatId, `/start ${token}`, { secret: spanish ?? "" })).status).toBe(401);
    // Nothing was linked, and the token still works for the right request.
    expect(await state(member.token)).toMatchObject({ linked: false });
    expect((await postUpdate(chatId, `/start ${token}`)).status).toBe(200);
    expect(await state(member.token)).toMatchObject({ linked: true });
  });

  it("does not link a member of one brand through another brand's bot", async () => {
    const member = await createMember();
    const { token } = await startToken(member.token);
    await postUpdate(newChatId(), `/start ${token}`, { brand: "amorespana", host: hosts.es });
    expect(await state(member.token)).toMatchObject({ linked: false });
  });

  it("needs a session to ask for a deep link", async () => {
    expect((await call("/api/notifications/telegram/link", { method: "POST" })).status).toBe(401);
  });
});
