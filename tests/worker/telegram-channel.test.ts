// The Telegram channel as the cascade calls it: a linked member gets a message through the brand's bot (the fake
// Bot API) with a single-use, short-lived /autologin_telegram link into the chat; a member without a chat, or
// with Telegram off, is skipped; a bot the member blocked (403) unlinks him; without a token the message waits
// in the local outbox.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { telegramTokens } from "../../drizzle/schema/telegram";
import { events } from "../../drizzle/schema/tracking";
import type { Config } from "../../worker/config";
import type { OutgoingNotification } from "../../worker/notifications/channel";
import { telegramChannel } from "../../worker/notifications/telegram/telegram.service";
import { testBrands, testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { call, createMember } from "../fixtures/members";
import {
  accountOf,
  blockBot,
  botConfig,
  keptFor,
  newChatId,
  notification,
  postUpdate,
  sentTo,
  startToken,
} from "../fixtures/telegram";

const deliver = (n: OutgoingNotification, config: Config = botConfig) =>
  inDb((db) => telegramChannel.send({ config, db, brand: testBrands.amoreitalia }, n));

/** A member whose Telegram chat is linked through the webhook, as a member does it. */
async function linkedMember() {
  const member = await createMember();
  const { token } = await startToken(member.token);
  const chatId = newChatId();
  await postUpdate(chatId, `/start ${token}`);
  const account = await accountOf(member.clickid);
  return { member, chatId, accountId: account.id };
}

const linkIn = (text: string) => {
  const href = /href="([^"]+)"/.exec(text)?.[1]?.replaceAll("&amp;", "&");
  if (!href) throw new Error(`no link in ${text}`);
  return new URL(href);
};

const autoLogin = (token: string) =>
  call("/users/autoLogin", { method: "POST", body: JSON.stringify({ token, channel: "telegram" }) });

describe("the Telegram channel", () => {
  it("sends the notification through the brand's bot, in the member's language, with the chat's sign-in link", async () => {
    const { member, chatId, accountId } = await linkedMember();
    const outcome = await deliver(notification(accountId, { count: 3, locale: "en", path: "/chats/42" }));
    expect(outcome).toBe("sent");
    const [message] = await sentTo(chatId);
    expect(message?.text).toContain("3 new messages from <b>Giulia</b>");
    expect(message?.text).toContain("<i>Ciao, come stai?</i>");
    const link = linkIn(message?.text ?? "");
    expect(link.origin).toBe("https://amoreitalia.example");
    expect(link.pathname).toBe("/autologin_telegram");
    expect(atob((link.searchParams.get("red") ?? "").replaceAll("~", "/"))).toBe("/chats/42");
    expect(link.searchParams.get("clickid")).toBe(member.clickid);
  });

  it("escapes the angel's name and the preview (Telegram's HTML)", async () => {
    const { chatId, accountId } = await linkedMember();
    await deliver(notification(accountId, { angel: { id: 2, name: "<b>Eva</b>" }, preview: "a < b & c" }));
    const [message] = await sentTo(chatId);
    expect(message?.text).toContain("&lt;b&gt;Eva&lt;/b&gt;");
    expect(message?.text).toContain("a &lt; b &amp; c");
  });

  it("signs the member in once with the message's link, and never again", async () => {
    const { member, chatId, accountId } = await linkedMember();
    await deliver(notification(accountId));
    const token = linkIn((await sentTo(chatId))[0]?.text ?? "").searchParams.get("token") ?? "";
    const first = await autoLogin(token);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { clickid: string }).clickid).toBe(member.clickid);
    const again = await autoLogin(token);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("token_expired");
  });

  it("completes the click on the landing (GET users/{clickid} with tipoautologin) with what the message was about", async () => {
    const { member, chatId, accountId } = await linkedMember();
    await deliver(notification(accountId, { kind: "like_back" }));
    const link = linkIn((await sentTo(chatId))[0]?.text ?? "");
    expect(link.searchParams.get("evento")).toBe("like_back");
    const session = (await (await autoLogin(link.searchParams.get("token") ?? "")).json()) as {
      token: string;
    };
    const landing = (clickid: string, headers: Record<string, string>) =>
      call(`/users/${clickid}`, { token: session.token, headers });
    const clicks = () =>
      inDb((db) =>
        db
          .select({ data: events.data })
          .from(events)
          .where(and(eq(events.accountId, accountId), eq(events.type, "click_telegram"))),
      );
    expect(await clicks()).toEqual([{ data: null }]);

    const answer = await landing(member.clickid, {
      tipoautologin: "telegram",
      eventoautologin: "like_back",
      RemarketingClickid: "rk-landing",
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      result: "OK",
      user: { clickid: member.clickid, email: member.email, valid_email: false, premiumLevel: 0 },
    });
    expect(await clicks()).toEqual([{ data: { evento: "like_back", remarketing_clickid: "rk-landing" } }]);

    // A second landing finds no click left to complete; without tipoautologin it only reads the member.
    expect(
      (await landing(member.clickid, { tipoautologin: "telegram", eventoautologin: "visit" })).status,
    ).toBe(200);
    expect((await landing(member.clickid, {})).status).toBe(200);
    expect(await clicks()).toEqual([{ data: { evento: "like_back", remarketing_clickid: "rk-landing" } }]);
    // A mail landing completes no Telegram click.
    expect((await landing(member.clickid, { tipoautologin: "email", eventoautologin: "x" })).status).toBe(
      200,
    );
    expect(await clicks()).toHaveLength(1);

    // Only the member's own, with a session, and well-formed headers.
    const other = await createMember();
    expect((await landing(other.clickid, { tipoautologin: "telegram" })).status).toBe(403);
    expect((await call(`/users/${member.clickid}`, { headers: { tipoautologin: "telegram" } })).status).toBe(
      401,
    );
    expect((await landing(member.clickid, { tipoautologin: "sms" })).status).toBe(400);
    expect(
      (await landing(member.clickid, { tipoautologin: "email", eventoautologin: "<script>" })).status,
    ).toBe(400);
  });

  it("refuses a sign-in link past its life", async () => {
    const { chatId, accountId } = await linkedMember();
    await deliver(notification(accountId));
    const token = linkIn((await sentTo(chatId))[0]?.text ?? "").searchParams.get("token") ?? "";
    await inDb((db) =>
      db
        .update(telegramTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(telegramTokens.accountId, accountId)),
    );
    expect((await autoLogin(token)).status).toBe(400);
  });

  it("does not take a mail's auto-login token as a Telegram one, nor the reverse", async () => {
    const { chatId, accountId } = await linkedMember();
    await deliver(notification(accountId));
    const token = linkIn((await sentTo(chatId))[0]?.text ?? "").searchParams.get("token") ?? "";
    const asMail = await call("/users/autoLogin", {
      method: "POST",
      body: JSON.stringify({ token, channel: "email" }),
    });
    expect(asMail.status).toBe(400);
    // The refused attempt did not use the link up.
    expect((await autoLogin(token)).status).toBe(200);
  });

  it("skips a member without a linked chat, and one who turned Telegram off", async () => {
    const unlinked = await createMember();
    expect(await deliver(notification((await accountOf(unlinked.clickid)).id))).toBe("skipped");
    const { chatId, accountId } = await linkedMember();
    await inDb((db) => db.update(accounts).set({ notifyTelegram: false }).where(eq(accounts.id, accountId)));
    expect(await deliver(notification(accountId))).toBe("skipped");
    expect(await sentTo(chatId)).toEqual([]);
  });

  it("unlinks a member who blocked the bot (403) and answers gone", async () => {
    const { member, chatId, accountId } = await linkedMember();
    await blockBot(chatId);
    expect(await deliver(notification(accountId))).toBe("gone");
    const account = await accountOf(member.clickid);
    expect(account.telegramId).toBeNull();
    expect(account.notifyTelegram).toBe(false);
    // Nothing more is tried.
    expect(await deliver(notification(accountId))).toBe("skipped");
  });

  it("answers failed when the Bot API cannot be reached", async () => {
    const { accountId } = await linkedMember();
    const unreachable: Config = {
      ...botConfig,
      telegram: { ...botConfig.telegram, apiBase: "http://127.0.0.1:9", timeoutMs: 500 },
    };
    expect(await deliver(notification(accountId), unreachable)).toBe("failed");
    expect(
      (await inDb((db) => db.select().from(accounts).where(eq(accounts.id, accountId))))[0]?.telegramId,
    ).not.toBeNull();
  });

  it("keeps the message in the local outbox when the brand has no bot token", async () => {
    const { chatId, accountId } = await linkedMember();
    expect(await deliver(notification(accountId, { kind: "like_back" }), testConfig)).toBe("sent");
    const [kept] = await keptFor(chatId);
    expect(kept?.text).toContain("A <b>Giulia</b> piaci anche tu!");
    expect(kept?.text).toContain("/autologin_telegram?");
  });
});
