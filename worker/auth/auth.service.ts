import { and, desc, eq, gt, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { mailSent } from "../../drizzle/schema/mail";
import { bannedEmails } from "../../drizzle/schema/tracking";
import type { Brand } from "../brands/brand";
import type { Config } from "../config";
import { emailPattern, type SessionUser } from "../contracts/auth";
import { preferredAges } from "../contracts/discovery";
import type { Db } from "../core/db";
import { AppError } from "../core/errors";
import { signToken } from "../core/tokens";
import type { Bindings } from "../env";

export type Account = typeof accounts.$inferSelect;

/** What every auth operation needs: the request's database, secrets, brand, origin (for links) and IP. */
export interface AuthContext {
  db: Db;
  /** The bindings (the rate limiter's Durable Objects). */
  env: Bindings;
  config: Config;
  brand: Brand;
  origin: string;
  ip: string;
}

/** The activation mail "may take up to 5 minutes": a new sign-up inside that window gets 1009. */
export const ACTIVATION_RESEND_MS = 5 * 60_000;

export const signupErrors = {
  emailExists: () =>
    new AppError(409, "1000", "This e-mail is already registered, try to log in-1000", {
      field: "email",
      messageKey: "errore_1000",
    }),
  sameDevice: (email: string) =>
    new AppError(409, "1003", "You are already registered with this e-mail-1003", {
      field: "email",
      messageKey: "errore_1003",
      email: maskEmail(email),
    }),
  invalidEmail: () =>
    new AppError(400, "1004", "Invalid e-mail, check punctuation and spaces-1004", {
      field: "email",
      messageKey: "errore_email",
    }),
  bannedEmail: () =>
    new AppError(400, "1005", "This e-mail cannot be used, please use another one-1005", {
      field: "email",
      messageKey: "errore_1005",
    }),
  otherCountry: (url: string) =>
    new AppError(409, "1006", "This service is offered in your country on another site-1006", {
      messageKey: "errore_1006",
      url,
    }),
  tooManyAttempts: () =>
    new AppError(429, "1007", "Too many registration attempts, try again later-1007", {
      messageKey: "errore_1007",
    }),
  /** retryAfterS: when the activation mail may be sent again (the sign-up page offers it then). */
  welcomeAlreadySent: (retryAfterS: number) =>
    new AppError(409, "1009", "The welcome e-mail has already been sent, check your spam folder-1009", {
      field: "email",
      messageKey: "errore_1009",
      retryAfterS,
    }),
};

/** A random public id for a member: the spec's clickid / trackerId. */
/** The account a click id names, on any brand (local tools that name a member). */
export async function accountIdOf(db: Db, clickid: string): Promise<number | null> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.clickid, clickid));
  return row?.id ?? null;
}

/** Sets a member's level directly (local tools that stand in for a purchase). */
export async function setPremiumLevel(db: Db, clickid: string, premiumLevel: number) {
  const [row] = await db
    .update(accounts)
    .set({ premiumLevel })
    .where(eq(accounts.clickid, clickid))
    .returning({ clickid: accounts.clickid, premiumLevel: accounts.premiumLevel });
  return row ?? null;
}

export function newClickid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function normaliseEmail(email: string): string {
  return email.replace(/\s/g, "").toLowerCase();
}

/** "mario.rossi@example.com" → "m********i@example.com": enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  if (local.length <= 2) return `${local[0] ?? ""}*@${domain}`;
  return `${local[0]}${"*".repeat(local.length - 2)}${local.at(-1)}@${domain}`;
}

export function sessionUser(a: Account): SessionUser {
  return {
    clickid: a.clickid,
    email: a.email,
    country: a.country,
    region: a.region,
    city: a.city,
    cerco: a.seeking,
    fluxId: a.fluxId,
    premiumLevel: a.premiumLevel,
    creditiMessaggi: a.messageCredits,
    creditiIcebreaker: a.icebreakerCredits,
    creditiLike: a.likeCredits,
    valoreMessaggio: a.messagePrice,
    confirmed_email: a.confirmedEmail,
    verifiedUser: a.verifiedUser,
    preferred_age: preferredAges.find((range) => range === a.preferredAge) ?? null,
    imageName: a.defaultPhoto,
    lastActivity: a.lastActivity?.toISOString() ?? null,
  };
}

/** A session starts (sign-up, page load): the next one's lastActivity. */
export async function markActive(db: Db, accountId: number) {
  await db.update(accounts).set({ lastActivity: new Date() }).where(eq(accounts.id, accountId));
}

export function issueSession(config: Config, a: Account): Promise<string> {
  return signToken(config.jwtSecret, "session", {
    accountId: a.id,
    clickid: a.clickid,
    sessionVersion: a.sessionVersion,
  });
}

export async function findByEmail(db: Db, brand: Brand, email: string): Promise<Account | undefined> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(
      and(sql`lower(${accounts.email}) = ${normaliseEmail(email)}`, eq(accounts.brandId, brand.public.id)),
    );
  return account;
}

export async function isBanned(db: Db, email: string): Promise<boolean> {
  const domain = `@${email.split("@")[1] ?? ""}`;
  const [row] = await db
    .select({ value: bannedEmails.value })
    .from(bannedEmails)
    .where(sql`${bannedEmails.value} in (${email}, ${domain})`);
  return Boolean(row);
}

type ResentTemplate = "activation" | "reset_password";

/**
 * Seconds until another mail of this template may go to the account: 0 when none went within the resend
 * window (ACTIVATION_RESEND_MS).
 */
export async function resendWaitS(db: Db, accountId: number, template: ResentTemplate = "activation") {
  const [last] = await db
    .select({ sentAt: mailSent.sentAt })
    .from(mailSent)
    .where(
      and(
        eq(mailSent.accountId, accountId),
        eq(mailSent.template, template),
        gt(mailSent.sentAt, new Date(Date.now() - ACTIVATION_RESEND_MS)),
      ),
    )
    .orderBy(desc(mailSent.sentAt))
    .limit(1);
  if (!last) return 0;
  return Math.max(1, Math.ceil((new Date(last.sentAt).getTime() + ACTIVATION_RESEND_MS - Date.now()) / 1000));
}

/** Whether a mail of this template went to the account within the resend window (ACTIVATION_RESEND_MS). */
export async function mailSentRecently(db: Db, accountId: number, template: ResentTemplate = "activation") {
  return (await resendWaitS(db, accountId, template)) > 0;
}

export function isValidEmail(email: string): boolean {
  return emailPattern.test(email);
}
