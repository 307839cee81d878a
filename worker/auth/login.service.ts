import { and, eq, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { events } from "../../drizzle/schema/tracking";
import type { LoginRequest } from "../contracts/auth";
import { AppError } from "../core/errors";
import { logEvent } from "../core/log";
import { hashPassword, verifyPassword } from "../core/password";
import { verifyToken } from "../core/tokens";
import { redeemLoginLink } from "../notifications/telegram/telegram.service";
import { deletionPending, restoreAccount } from "../privacy/deletion.service";
import { beginLogin } from "../ratelimit/rate-limit.service";
import { type Account, type AuthContext, findByEmail } from "./auth.service";

export const loginErrors = {
  wrongCredentials: () =>
    new AppError(401, "1001", "E-mail or password are incorrect-1001", {
      messageKey: "mail_password_errati",
    }),
  disabled: () =>
    new AppError(403, "1008", "This account is disabled, contact customer care-1008", {
      messageKey: "utente_disabilitato",
    }),
  tooManyFailures: (retryAfterMs: number) =>
    new AppError(429, "too_many_attempts", "Too many failed attempts, try again later.", {
      messageKey: "troppi_tentativi",
      retryAfterS: Math.max(1, Math.ceil(retryAfterMs / 1000)),
    }),
  linkExpired: () =>
    new AppError(400, "token_expired", "This link has expired or was already used.", {
      field: "token",
      messageKey: "token_expired",
    }),
};

/**
 * E-mail and password login. The failure limits are checked before any hashing; an unknown address is
 * hashed against a dummy so the answer takes as long as for a real one; a disabled account is only
 * revealed to someone who knows its password.
 */
export async function login(
  ctx: AuthContext,
  input: LoginRequest,
): Promise<{ account: Account; restored: boolean }> {
  const email = input.email.replace(/\s/g, "");
  if (!email || !input.password) {
    throw new AppError(400, "invalid_input", "E-mail and password are required.", {
      field: email ? "password" : "email",
      messageKey: "mail_password_errati",
    });
  }
  const account = await findByEmail(ctx.db, ctx.brand, email);
  const attempt = await beginLogin(ctx.env, ctx.ip, account ? String(account.id) : null);
  if (!attempt.allowed) throw loginErrors.tooManyFailures(attempt.retryAfterMs);

  const { valid, needsRehash } = await verifyPassword(input.password, account?.passwordHash ?? null);
  if (!account || !valid) {
    logEvent("info", "auth.login_failed", { accountId: account?.id ?? null });
    throw loginErrors.wrongCredentials();
  }
  // A deletion in its grace period: the login restores the account (and the answer says so).
  const restored = deletionPending(account);
  if (account.disabled && !restored) throw loginErrors.disabled();
  await attempt.succeeded();
  if (needsRehash) {
    await ctx.db
      .update(accounts)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(accounts.id, account.id));
  }
  return { account: restored ? await restoreAccount(ctx.db, account) : account, restored };
}

/** Ends every session of the account: tokens carry the session version, which moves on. */
export async function endSessions(ctx: AuthContext, accountId: number): Promise<void> {
  await ctx.db
    .update(accounts)
    .set({ sessionVersion: sql`${accounts.sessionVersion} + 1` })
    .where(eq(accounts.id, accountId));
}

/** The live, enabled account a link token names, or the link-expired error. */
async function accountForLink(ctx: AuthContext, kind: "confirm" | "autologin", token: string) {
  const claims = await verifyToken(ctx.config.jwtSecret, kind, token);
  if (!claims) throw loginErrors.linkExpired();
  const [account] = await ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, claims.accountId), eq(accounts.brandId, ctx.brand.public.id)));
  // A confirm link is bound to its address (checked by the caller), an auto-login link to the credentials.
  if (!account || (kind === "autologin" && account.credentialsVersion !== claims.sessionVersion)) {
    throw loginErrors.linkExpired();
  }
  if (account.disabled) throw loginErrors.disabled();
  return { account, claims };
}

/** /confirmEmail: the link of the activation mail confirms the address it was sent to and logs in. */
export async function confirmEmail(ctx: AuthContext, token: string): Promise<Account> {
  const { account, claims } = await accountForLink(ctx, "confirm", token);
  if (claims.email?.toLowerCase() !== account.email.toLowerCase()) throw loginErrors.linkExpired();
  const [confirmed] = await ctx.db
    .update(accounts)
    .set({ confirmedEmail: true })
    .where(eq(accounts.id, account.id))
    .returning();
  return confirmed ?? account;
}

/**
 * /autologin and /autologin_telegram: the link logs in and the click is recorded. A Telegram message's link is
 * single use and short-lived (worker/notifications/telegram); a mail's is a signed token bound to the
 * credentials.
 */
export async function autoLogin(
  ctx: AuthContext,
  token: string,
  channel: "email" | "telegram",
  remarketingClickid?: string,
): Promise<Account> {
  const account =
    channel === "telegram"
      ? await accountForTelegramLink(ctx, token)
      : (await accountForLink(ctx, "autologin", token)).account;
  await ctx.db.insert(events).values({
    accountId: account.id,
    type: channel === "telegram" ? "click_telegram" : "click_mail",
    data: remarketingClickid ? { remarketing_clickid: remarketingClickid } : null,
  });
  return account;
}

/** A landing completes the click its link's redemption recorded within this time. */
export const LANDING_WINDOW_MS = 10 * 60_000;

/**
 * The landing of an auto-login link (the spec's `GET users/{clickid}` with tipoautologin): the click recorded
 * when the link was redeemed gets what the link was about and the remarketing clickid. A landing without a
 * recent click of its channel records nothing, so the header alone never makes a click. Answers whether it did.
 */
export async function completeAutoLoginClick(
  db: AuthContext["db"],
  accountId: number,
  landing: { channel: "email" | "telegram"; evento?: string; remarketingClickid?: string },
  now = new Date(),
): Promise<boolean> {
  const type = landing.channel === "telegram" ? "click_telegram" : "click_mail";
  const since = new Date(now.getTime() - LANDING_WINDOW_MS);
  const extra = {
    ...(landing.evento ? { evento: landing.evento } : {}),
    ...(landing.remarketingClickid ? { remarketing_clickid: landing.remarketingClickid } : {}),
  };
  const rows = await db
    .update(events)
    .set({ data: sql`coalesce(${events.data}, '{}'::jsonb) || ${JSON.stringify(extra)}::jsonb` })
    .where(
      sql`${events.id} = (select id from events where account_id = ${accountId} and type = ${type}
        and created_at >= ${since.toISOString()}::timestamptz and data->>'evento' is null
        order by created_at desc, id desc limit 1)`,
    )
    .returning({ id: events.id });
  return rows.length > 0;
}

/** The live, enabled account of this brand a Telegram sign-in link names (the link is used up), or link-expired. */
async function accountForTelegramLink(ctx: AuthContext, token: string): Promise<Account> {
  const redeemed = await redeemLoginLink(ctx.db, token);
  if (!redeemed) throw loginErrors.linkExpired();
  const [account] = await ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, redeemed.accountId), eq(accounts.brandId, ctx.brand.public.id)));
  if (!account) throw loginErrors.linkExpired();
  if (account.disabled) throw loginErrors.disabled();
  return account;
}
