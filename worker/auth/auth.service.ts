import { and, eq, sql } from "drizzle-orm";
import { accounts, signupConsents } from "../../drizzle/schema/accounts";
import { creditLedger } from "../../drizzle/schema/credits";
import { regions } from "../../drizzle/schema/geo";
import type { Brand } from "../brands/brand";
import {
  CONSENT_TEXT_VERSION,
  invalidSignupFields,
  type SignupPayload,
  signupMessageKeys,
} from "../contracts/auth";
import type { PublicFlow } from "../contracts/flow";
import type { Db } from "../core/db";
import { AppError } from "../core/errors";
import { hashPassword } from "../core/password";

export const signupErrors = {
  emailExists: () =>
    new AppError(409, "1000", "This e-mail is already registered, try to log in-1000", {
      field: "email",
      messageKey: "errore_1000",
    }),
  invalidEmail: () =>
    new AppError(400, "1004", "Invalid e-mail, check punctuation and spaces-1004", {
      field: "email",
      messageKey: "errore_email",
    }),
};

/** A random public id for a member: the spec's clickid / trackerId. */
export function newClickid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function normaliseEmail(email: string): string {
  return email.replace(/\s/g, "").toLowerCase();
}

/**
 * Creates an account with the flow's starting credits, its four consents and the matching ledger rows,
 * all in one transaction. Rejects in the spec's validation order and writes nothing on bad input.
 */
export async function registerAccount(db: Db, brand: Brand, flow: PublicFlow, input: SignupPayload) {
  const email = normaliseEmail(input.email);
  const bad = invalidSignupFields(
    { ...input, email },
    { min: flow.signupForm.minAge, max: flow.signupForm.maxAge },
  );
  const first = bad[0];
  if (first === "email") throw signupErrors.invalidEmail();
  if (first) {
    throw new AppError(400, "invalid_input", `Invalid field: ${first}`, {
      field: first,
      messageKey: signupMessageKeys[first],
    });
  }
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
  const [existing] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(sql`lower(${accounts.email}) = ${email}`, eq(accounts.brandId, brand.public.id)));
  if (existing) throw signupErrors.emailExists();

  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          clickid: newClickid(),
          brandId: brand.public.id,
          email,
          passwordHash,
          country,
          region: region.code,
          city: input.city ?? null,
          provincia: input.provincia ?? null,
          eta: input.eta,
          sono: input.sono,
          cerco: input.cerco,
          fluxId: flow.fluxId,
          source: input.source || "direct",
          campid: input.campid ?? null,
          ip: input.ip ?? null,
          ua: input.ua ?? null,
          fingerprint: input.fingerprint ?? null,
          creditiMessaggi: flow.messaggiFree,
          creditiIcebreaker: flow.creditiIcebreaker,
          creditiLike: flow.creditiLike,
          valoreMessaggio: flow.valoreMessaggio,
        })
        .returning();
      if (!account) throw new Error("insert returned no account");
      await tx.insert(signupConsents).values(
        (["terms1", "terms2", "terms3", "terms4"] as const).map((consent) => ({
          accountId: account.id,
          consent,
          textVersion: CONSENT_TEXT_VERSION,
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
  } catch (error) {
    // Two sign-ups with the same address at once: the unique index decides.
    if (
      String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) ===
      "23505"
    ) {
      throw signupErrors.emailExists();
    }
    throw error;
  }
}
