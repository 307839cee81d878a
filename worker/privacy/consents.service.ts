// The member's consents (GDPR art. 7): the log of every box at sign-up and every later change, the state of
// each (its newest row), and the one question every marketing sender asks first: may we use this member for
// this kind of marketing? Mail, notifications and trackers' postbacks call `mayUseForMarketing`.
import { desc, eq, sql } from "drizzle-orm";
import { accounts, signupConsents } from "../../drizzle/schema/accounts";
import { mailSuppressions } from "../../drizzle/schema/mail";
import { CONSENT_TEXT_VERSION } from "../contracts/auth";
import {
  CONSENT_KEYS,
  CONSENT_OF_USE,
  type ConsentKey,
  type ConsentState,
  type MarketingConsents,
  type MarketingUse,
} from "../contracts/consents";
import type { Db } from "../core/db";
import type { Tx } from "../credits/credits.service";

type DbOrTx = Db | Tx;

/** Each consent's newest record for the member (a box never recorded is absent). */
export async function consentStates(db: DbOrTx, accountId: number): Promise<ConsentState[]> {
  const rows = await db
    .selectDistinctOn([signupConsents.consent])
    .from(signupConsents)
    .where(eq(signupConsents.accountId, accountId))
    .orderBy(signupConsents.consent, desc(signupConsents.id));
  return rows
    .filter((r): r is typeof r & { consent: ConsentKey } =>
      (CONSENT_KEYS as readonly string[]).includes(r.consent),
    )
    .map((r) => ({
      consent: r.consent,
      granted: r.granted,
      textVersion: r.textVersion,
      at: r.acceptedAt.toISOString(),
      source: r.source,
    }));
}

/**
 * The same rule in SQL, for a statement that writes only while the member allows `use` (a tracker's postback):
 * the newest record of its consent grants it; a box never recorded is a refusal.
 */
export const grantsInSql = (accountId: number, use: MarketingUse) => sql`coalesce((
  select granted from signup_consents where account_id = ${accountId} and consent = ${CONSENT_OF_USE[use]}
  order by id desc limit 1), false)`;

/** The profile's two marketing choices: a box never ticked is a refusal. */
export async function marketingConsents(db: DbOrTx, accountId: number): Promise<MarketingConsents> {
  const states = await consentStates(db, accountId);
  const granted = (use: MarketingUse) => states.some((s) => s.consent === CONSENT_OF_USE[use] && s.granted);
  return { promotions: granted("promotions"), third_parties: granted("third_parties") };
}

/**
 * Records the member's marketing choices: one row per consent that changed (with the text's version, the time
 * and where), none for one that did not. Answers the choices as they now stand.
 */
export async function changeMarketingConsents(
  db: Db,
  accountId: number,
  choices: Partial<MarketingConsents>,
  source: "profile" | "unsubscribe",
): Promise<MarketingConsents> {
  return db.transaction(async (tx) => {
    // One change at a time per member: two tabs saving at once leave one row per real change.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
    const before = await marketingConsents(tx, accountId);
    const changed = (Object.keys(choices) as MarketingUse[]).filter(
      (use) => choices[use] !== undefined && choices[use] !== before[use],
    );
    if (changed.length > 0) {
      await tx.insert(signupConsents).values(
        changed.map((use) => ({
          accountId,
          consent: CONSENT_OF_USE[use],
          granted: choices[use] ?? false,
          textVersion: CONSENT_TEXT_VERSION,
          source,
        })),
      );
    }
    return { ...before, ...Object.fromEntries(changed.map((use) => [use, choices[use]])) };
  });
}

/**
 * May we use this member for this kind of marketing? Only with the consent given and not withdrawn, on a live
 * account (not disabled, not waiting for erasure, not erased), and for e-mail only to an address that has not
 * opted out. Every marketing sender (mail, notifications, trackers' postbacks) asks this first; transactional
 * messages (a receipt, a reset link) do not depend on it.
 */
export async function mayUseForMarketing(
  db: Db,
  accountId: number,
  use: MarketingUse,
  channel?: "email" | "push" | "telegram" | "sms",
): Promise<boolean> {
  const [row] = await db
    .select({ disabled: accounts.disabled, erasedAt: accounts.erasedAt, email: accounts.email })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row || row.disabled || row.erasedAt) return false;
  const consents = await marketingConsents(db, accountId);
  if (!consents[use]) return false;
  if (channel !== "email") return true;
  const [suppressed] = await db
    .select({ email: mailSuppressions.email })
    .from(mailSuppressions)
    .where(eq(mailSuppressions.email, row.email.toLowerCase()));
  return !suppressed;
}
