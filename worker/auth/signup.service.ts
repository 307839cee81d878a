// Sign-up: the registration limits and the one-account-per-device rule, the checks of a new account (with the
// spec's error codes), the account created with its consents and starting credits, and the mail that follows.
import { and, eq } from "drizzle-orm";
import { accounts, signupConsents } from "../../drizzle/schema/accounts";
import { creditLedger } from "../../drizzle/schema/credits";
import { regions } from "../../drizzle/schema/geo";
import type { Brand, BrandRegistry } from "../brands/brand";
import {
  CONSENT_TEXT_VERSION,
  encodeLinkParam,
  invalidSignupFields,
  type SignupPayload,
  signupMessageKeys,
} from "../contracts/auth";
import { CONSENT_KEYS } from "../contracts/consents";
import type { PublicFlow } from "../contracts/flow";
import type { Db } from "../core/db";
import { AppError } from "../core/errors";
import { hashPassword } from "../core/password";
import { signToken } from "../core/tokens";
import { sendMail } from "../mail/mail.service";
import { consume } from "../ratelimit/rate-limit.service";
import {
  type Account,
  type AuthContext,
  findByEmail,
  isBanned,
  newClickid,
  normaliseEmail,
  resendWaitS,
  signupErrors,
} from "./auth.service";

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
        province: input.provincia ?? null,
        age: input.eta,
        gender: input.sono,
        seeking: input.cerco,
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
    "clickid" | "brandId" | "country" | "fluxId" | "messageCredits" | "icebreakerCredits" | "likeCredits"
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
        messageCredits: flow.messaggiFree,
        icebreakerCredits: flow.creditiIcebreaker,
        likeCredits: flow.creditiLike,
        messagePrice: flow.valoreMessaggio,
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
