import { and, desc, eq, gt, sql } from "drizzle-orm";
import { accounts, signupConsents } from "../../drizzle/schema/accounts";
import { creditLedger } from "../../drizzle/schema/credits";
import { regions } from "../../drizzle/schema/geo";
import { mailSent } from "../../drizzle/schema/mail";
import { bannedEmails } from "../../drizzle/schema/tracking";
import type { Brand, BrandRegistry } from "../brands/brand";
import type { Config } from "../config";
import {
  CONSENT_TEXT_VERSION,
  emailPattern,
  encodeLinkParam,
  invalidSignupFields,
  type SessionUser,
  type SignupPayload,
  signupMessageKeys,
} from "../contracts/auth";
import { CONSENT_KEYS } from "../contracts/consents";
import { preferredAges } from "../contracts/discovery";
import type { PublicFlow } from "../contracts/flow";
import type { Db } from "../core/db";
import { AppError } from "../core/errors";
import { hashPassword } from "../core/password";
import { signToken } from "../core/tokens";
import type { Bindings } from "../env";
import { sendMail } from "../mail/mail.service";
import { consume } from "../ratelimit/rate-limit.service";

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
    cerco: a.cerco,
    fluxId: a.fluxId,
    premiumLevel: a.premiumLevel,
    creditiMessaggi: a.creditiMessaggi,
    creditiIcebreaker: a.creditiIcebreaker,
    creditiLike: a.creditiLike,
    valoreMessaggio: a.valoreMessaggio,
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

/** Registrations per address and per device (code 1007), counted before any hashing. */
export async function checkRegistrationLimits(ctx: AuthContext, fingerprint: string | undefined) {
  const byIp = await consume(ctx.env, "registerPerIp", ctx.ip);
  const byDevice = fingerprint ? await consume(ctx.env, "registerPerFingerprint", fingerprint) : true;
  if (!byIp || !byDevice) throw signupErrors.tooManyAttempts();
}

/** One account per device and brand (code 1003, showing the masked address already registered). */
export async function checkSameDevice(ctx: AuthContext, fingerprint: string | undefined) {
  if (!fingerprint) return;
  const [sameDevice] = await ctx.db
    .select({ email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.fingerprint, fingerprint), eq(accounts.brandId, ctx.brand.public.id)));
  if (sameDevice) throw signupErrors.sameDevice(sameDevice.email);
}

/** The brand serving a country, when it is not this one (code 1006). */
function otherCountryUrl(registry: BrandRegistry, brand: Brand, country: string | undefined) {
  if (!country || country === brand.public.country) return null;
  const other = Object.values(registry).find((b) => b.public.country === country);
  return other ? `https://${other.public.domain}/signup` : null;
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

/**
 * Creates an account with the flow's starting credits, its four consents and the matching ledger rows,
 * all in one transaction. Rejects in the spec's validation order, then with the catalogue's codes, and
 * writes nothing on bad input. Rate limits apply before any hashing.
 */
export async function registerAccount(
  ctx: AuthContext,
  registry: BrandRegistry,
  flow: PublicFlow,
  input: SignupPayload,
): Promise<Account> {
  const { db, brand } = ctx;
  const email = normaliseEmail(input.email);
  const bad = invalidSignupFields(
    { ...input, email },
    { min: flow.signupForm.minAge, max: flow.signupForm.maxAge },
    input.autoSignup,
  );
  const first = bad[0];
  if (first === "email") throw signupErrors.invalidEmail();
  if (first) {
    throw new AppError(400, "invalid_input", `Invalid field: ${first}`, {
      field: first,
      messageKey: signupMessageKeys[first],
    });
  }
  if (await isBanned(db, email)) throw signupErrors.bannedEmail();
  const elsewhere = otherCountryUrl(registry, brand, input.country);
  if (elsewhere) throw signupErrors.otherCountry(elsewhere);
  await checkRegistrationLimits(ctx, input.fingerprint);
  const country = brand.public.country;
  const [region] = await db
    .select({ code: regions.code })
    .from(regions)
    .where(and(eq(regions.country, country), eq(regions.code, input.region)));
  if (!region) {
    throw new AppError(400, "invalid_input", "Unknown region", {
      field: "region",
      messageKey: "errore_citta",
    });
  }
  const existing = await findByEmail(db, brand, email);
  if (existing) {
    const wait = existing.confirmedEmail ? 0 : await resendWaitS(db, existing.id);
    if (wait > 0) throw signupErrors.welcomeAlreadySent(wait);
    throw signupErrors.emailExists();
  }
  await checkSameDevice(ctx, input.fingerprint);

  const passwordHash = await hashPassword(input.password);
  try {
    return await createAccount(
      db,
      brand,
      flow,
      {
        email,
        passwordHash,
        region: region.code,
        city: input.city ?? null,
        provincia: input.provincia ?? null,
        eta: input.eta,
        sono: input.sono,
        cerco: input.cerco,
        source: input.source || "direct",
        campid: input.campid ?? null,
        ip: input.ip ?? null,
        ua: input.ua ?? null,
        fingerprint: input.fingerprint ?? null,
      },
      { terms2: input.terms2, terms3: input.terms3 },
    );
  } catch (error) {
    // Two sign-ups with the same address at once: the unique index decides.
    if (isUniqueViolation(error)) throw signupErrors.emailExists();
    throw error;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === "23505";
}

/** The two optional marketing boxes as the member left them (the required ones were checked before). */
export type MarketingChoices = { terms2: boolean; terms3: boolean };

/** The account row, its consents and its starting credits with their ledger rows, in one transaction. */
export async function createAccount(
  db: Db,
  brand: Brand,
  flow: PublicFlow,
  fields: Omit<
    typeof accounts.$inferInsert,
    "clickid" | "brandId" | "country" | "fluxId" | "creditiMessaggi" | "creditiIcebreaker" | "creditiLike"
  >,
  marketing: MarketingChoices,
): Promise<Account> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({
        ...fields,
        clickid: newClickid(),
        brandId: brand.public.id,
        country: brand.public.country,
        fluxId: flow.fluxId,
        creditiMessaggi: flow.messaggiFree,
        creditiIcebreaker: flow.creditiIcebreaker,
        creditiLike: flow.creditiLike,
        valoreMessaggio: flow.valoreMessaggio,
      })
      .returning();
    if (!account) throw new Error("insert returned no account");
    // Every box is recorded, ticked or not, with the version of its text: the required ones are ticked here.
    const given = { terms1: true, terms2: marketing.terms2, terms3: marketing.terms3, terms4: true };
    await tx.insert(signupConsents).values(
      CONSENT_KEYS.map((consent) => ({
        accountId: account.id,
        consent,
        granted: given[consent],
        textVersion: CONSENT_TEXT_VERSION,
        source: "signup",
      })),
    );
    const grants = [
      { balance: "messaggi", delta: flow.messaggiFree },
      { balance: "icebreaker", delta: flow.creditiIcebreaker },
      { balance: "like", delta: flow.creditiLike },
    ].filter((g) => g.delta > 0);
    if (grants.length > 0) {
      await tx
        .insert(creditLedger)
        .values(
          grants.map((g) => ({ ...g, accountId: account.id, balanceAfter: g.delta, reason: "signup" })),
        );
    }
    return account;
  });
}

/** The mail that follows a sign-up: the activation link for a double opt-in flow, else a welcome. */
export async function sendSignupMail(ctx: AuthContext, account: Account, flow: PublicFlow) {
  if (flow.optin === "doi") return sendActivation(ctx, account);
  const token = await signToken(ctx.config.jwtSecret, "autologin", {
    accountId: account.id,
    clickid: account.clickid,
    sessionVersion: account.credentialsVersion,
  });
  const red = encodeLinkParam(btoa("/find"));
  return sendMail(ctx, {
    template: "welcome",
    to: account.email,
    language: ctx.brand.public.language,
    link: `${ctx.origin}/autologin?red=${encodeURIComponent(red)}&token=${token}&clickid=${account.clickid}`,
    accountId: account.id,
  });
}

export async function sendActivation(ctx: AuthContext, account: Account) {
  const token = await signToken(ctx.config.jwtSecret, "confirm", {
    accountId: account.id,
    clickid: account.clickid,
    sessionVersion: account.credentialsVersion,
    email: account.email,
  });
  return sendMail(ctx, {
    template: "activation",
    to: account.email,
    language: ctx.brand.public.language,
    link: `${ctx.origin}/confirmEmail?token=${token}`,
    accountId: account.id,
  });
}

export function isValidEmail(email: string): boolean {
  return emailPattern.test(email);
}
