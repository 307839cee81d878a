// The Telegram channel: one bot per brand (its `nome_bot`, its token a secret). A member links his Telegram chat
// through a deep link whose /start token is single use and lives 10 minutes; /stop, or the bot blocked (403),
// unlinks. Each message carries a single-use /autologin_telegram link into the chat it is about.
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { accounts } from "../../../drizzle/schema/accounts";
import { telegramOutbox, telegramTokens } from "../../../drizzle/schema/telegram";
import type { Config } from "../../config";
import { encodeLinkParam } from "../../contracts/auth";
import type { Locale } from "../../contracts/locales";
import type { Db } from "../../core/db";
import { hmacHex, randomToken, sha256Hex } from "../../core/hmac";
import { errorName, logEvent } from "../../core/log";
import type { ChannelContext, DeliveryOutcome, NotificationChannel } from "../channel";
import { botApi } from "./bot-api";
import { notificationText } from "./telegram-copy";

/** Outbox rows shown at /dev/outbox. */
export const TELEGRAM_OUTBOX_LIMIT = 100;

/**
 * The brand's webhook secret (X-Telegram-Bot-Api-Secret-Token): an HMAC of the brand id under
 * TELEGRAM_WEBHOOK_SECRET, so one secret serves every bot and no bot's hook accepts another's; 64 hex
 * characters, inside Telegram's alphabet. Undefined when the secret is not configured.
 */
export async function webhookSecretToken(config: Config, brandId: string): Promise<string | undefined> {
  const secret = config.telegram.webhookSecret;
  return secret ? webhookSecretFor(secret, brandId) : undefined;
}

/** The brand's webhook secret from TELEGRAM_WEBHOOK_SECRET (also what scripts/telegram-webhook.ts registers). */
export const webhookSecretFor = (secret: string, brandId: string) =>
  hmacHex(secret, `telegram-webhook:${brandId}`);

/** Compares the header with the expected secret in constant time (the lengths are public: both are hex HMACs). */
export function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  return a.byteLength === b.byteLength && crypto.subtle.timingSafeEqual(a, b);
}

async function issueToken(
  db: Db,
  accountId: number,
  purpose: "link" | "login",
  ttlMs: number,
  path?: string,
) {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + ttlMs);
  await db
    .insert(telegramTokens)
    .values({ tokenHash: await sha256Hex(token), purpose, accountId, path: path ?? null, expiresAt });
  return { token, expiresAt };
}

/** Uses a token once: answers its row when it was unused, unexpired and of this purpose, else null. */
async function redeemToken(db: Db, token: string, purpose: "link" | "login") {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [row] = await db
    .update(telegramTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(telegramTokens.tokenHash, await sha256Hex(token)),
        eq(telegramTokens.purpose, purpose),
        isNull(telegramTokens.usedAt),
        gt(telegramTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ accountId: telegramTokens.accountId, path: telegramTokens.path });
  return row ?? null;
}

/** The deep link that opens the brand's bot with a fresh /start token for the member. */
export async function createLinkToken(
  ctx: { db: Db; config: Config },
  botName: string,
  accountId: number,
): Promise<{ deepLink: string; expiresAt: Date }> {
  const { token, expiresAt } = await issueToken(ctx.db, accountId, "link", ctx.config.telegram.linkTtlMs);
  return { deepLink: `https://t.me/${encodeURIComponent(botName)}?start=${token}`, expiresAt };
}

/**
 * /start <token>: the token's member (of this brand, live) gets this chat and Telegram notifications on.
 * Another account of the brand linked to the same chat lets it go: one chat, one member per brand.
 */
export async function linkChat(db: Db, brandId: string, token: string, chatId: string) {
  const redeemed = await redeemToken(db, token, "link");
  if (!redeemed) return null;
  return db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ telegramId: null, notifyTelegram: false })
      .where(
        and(
          eq(accounts.brandId, brandId),
          eq(accounts.telegramId, chatId),
          ne(accounts.id, redeemed.accountId),
        ),
      );
    const [linked] = await tx
      .update(accounts)
      .set({ telegramId: chatId, notifyTelegram: true })
      .where(
        and(
          eq(accounts.id, redeemed.accountId),
          eq(accounts.brandId, brandId),
          eq(accounts.disabled, false),
          isNull(accounts.erasedAt),
        ),
      )
      .returning({ id: accounts.id });
    return linked ?? null;
  });
}

/** /stop, a blocked bot or a chat that no longer exists: the chat leaves every account of the brand. */
export async function unlinkChat(db: Db, brandId: string, chatId: string): Promise<number[]> {
  const rows = await db
    .update(accounts)
    .set({ telegramId: null, notifyTelegram: false })
    .where(and(eq(accounts.brandId, brandId), eq(accounts.telegramId, chatId)))
    .returning({ id: accounts.id });
  return rows.map((r) => r.id);
}

/** The member unlinks from the site. */
export async function unlinkAccount(db: Db, accountId: number): Promise<void> {
  await db
    .update(accounts)
    .set({ telegramId: null, notifyTelegram: false })
    .where(eq(accounts.id, accountId));
}

/** Whether the member has a chat linked and Telegram notifications on. */
export async function telegramStatus(db: Db, accountId: number) {
  const [row] = await db
    .select({ telegramId: accounts.telegramId, on: accounts.notifyTelegram })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return { linked: Boolean(row?.telegramId), enabled: Boolean(row?.telegramId && row.on) };
}

/**
 * /autologin_telegram's token: used once, within its life; answers the member it signs in (in this brand) and
 * the path it opens, or null.
 */
export async function redeemLoginLink(
  db: Db,
  token: string,
): Promise<{ accountId: number; path: string } | null> {
  const redeemed = await redeemToken(db, token, "login");
  return redeemed ? { accountId: redeemed.accountId, path: redeemed.path ?? "/chats" } : null;
}

/** The site's address for links sent outside a request (the brand's production domain). */
export const siteOrigin = (domain: string) => `https://${domain}`;

/**
 * Sends a text to a chat with the brand's bot; without a token, local runs keep it in the outbox and production
 * fails. `gone`: the chat blocked the bot or no longer exists.
 */
export async function deliverText(
  ctx: { config: Config; db: Db },
  brandId: string,
  chatId: string,
  text: string,
): Promise<"sent" | "gone" | "failed"> {
  const token = ctx.config.telegram.botTokens[brandId];
  if (!token) {
    if (!ctx.config.local) {
      logEvent("error", "telegram.not_configured", { brand: brandId });
      return "failed";
    }
    await ctx.db.insert(telegramOutbox).values({ brandId, chatId, text });
    return "sent";
  }
  const sent = await botApi(ctx.config.telegram, token).sendMessage(chatId, text);
  if (sent.ok) return "sent";
  logEvent("warn", "telegram.send_refused", { brand: brandId, status: sent.status, kind: sent.kind });
  return sent.kind === "blocked" ? "gone" : "failed";
}

/** The Telegram channel the cascade calls: skipped without a linked chat or with the choice off. */
export const telegramChannel: NotificationChannel = {
  name: "telegram",
  async send(ctx: ChannelContext, n): Promise<DeliveryOutcome> {
    const brandId = ctx.brand.public.id;
    const [member] = await ctx.db
      .select({
        clickid: accounts.clickid,
        brandId: accounts.brandId,
        telegramId: accounts.telegramId,
        on: accounts.notifyTelegram,
        disabled: accounts.disabled,
        erasedAt: accounts.erasedAt,
        deletionRequestedAt: accounts.deletionRequestedAt,
      })
      .from(accounts)
      .where(eq(accounts.id, n.accountId));
    if (
      !member?.telegramId ||
      !member.on ||
      member.brandId !== brandId ||
      member.disabled ||
      member.erasedAt ||
      member.deletionRequestedAt
    ) {
      return "skipped";
    }
    try {
      const { token } = await issueToken(
        ctx.db,
        n.accountId,
        "login",
        ctx.config.telegram.loginTtlMs,
        n.path,
      );
      const red = encodeURIComponent(encodeLinkParam(btoa(n.path)));
      // evento: what the message is about, which the landing records with the click (GET users/{clickid}).
      const link = `${siteOrigin(ctx.brand.public.domain)}/autologin_telegram?red=${red}&token=${token}&clickid=${member.clickid}&evento=${n.kind}`;
      const text = notificationText(
        n.locale as Locale,
        n.kind,
        {
          angel: n.angel?.name ?? ctx.brand.public.title,
          count: n.count,
          preview: n.preview,
          outcome: n.outcome,
        },
        link,
      );
      const outcome = await deliverText(ctx, brandId, member.telegramId, text);
      if (outcome === "gone") {
        await unlinkChat(ctx.db, brandId, member.telegramId);
        logEvent("info", "telegram.unlinked_blocked", { brand: brandId, accountId: n.accountId });
      }
      return outcome;
    } catch (error) {
      logEvent("error", "telegram.send_failed", { brand: brandId, error: errorName(error) });
      return "failed";
    }
  },
};

/** The newest messages kept in the local outbox. */
export function telegramOutboxRows(db: Db) {
  return db
    .select()
    .from(telegramOutbox)
    .orderBy(sql`${telegramOutbox.createdAt} desc, ${telegramOutbox.id} desc`)
    .limit(TELEGRAM_OUTBOX_LIMIT);
}
