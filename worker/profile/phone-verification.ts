// The phone code's statements. Each rule that concurrent requests could break is one SQL statement that
// counts and checks at once (a conditional upsert or update re-checks the row it locks), so two requests can
// neither both pass the resend throttle nor make a sixth try of a code.
import { and, eq, ne, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { phoneCodes, phoneNumberSends } from "../../drizzle/schema/phone";
import type { Db } from "../core/db";
import {
  CODE_TTL_S,
  MAX_TRIES,
  RESEND_SPACING_S,
  SEND_WINDOW_S,
  SENDS_PER_WINDOW_ACCOUNT,
  SENDS_PER_WINDOW_NUMBER,
} from "./phone-code";

/** A constant of phone-code.ts as an SQL interval (code constants, never input). */
const seconds = (n: number) => sql.raw(`interval '${Math.trunc(n)} seconds'`);
const int = (n: number) => sql.raw(String(Math.trunc(n)));

/** Whether another account of the brand is verified with this number (one number verifies one account). */
export async function numberTaken(
  db: Db,
  brandId: string,
  phone: string,
  accountId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.brandId, brandId), eq(accounts.phone, phone), ne(accounts.id, accountId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Seconds until a code may be sent to this account and this number (0: now): a minute after the last send to
 * either, or the end of the hour window of one that has had its share.
 */
export async function sendWait(db: Db, accountId: number, phone: string): Promise<number> {
  const result = await db.execute<{ wait: number }>(sql`
    select ceil(greatest(0,
      coalesce((
        select greatest(
          extract(epoch from (p.sent_at + ${seconds(RESEND_SPACING_S)} - now())),
          case when p.sends_in_window >= ${int(SENDS_PER_WINDOW_ACCOUNT)}
            then extract(epoch from (p.window_started_at + ${seconds(SEND_WINDOW_S)} - now())) else 0 end)
        from ${phoneCodes} p where p.account_id = ${accountId}), 0),
      coalesce((
        select greatest(
          extract(epoch from (n.sent_at + ${seconds(RESEND_SPACING_S)} - now())),
          case when n.sends_in_window >= ${int(SENDS_PER_WINDOW_NUMBER)}
            then extract(epoch from (n.window_started_at + ${seconds(SEND_WINDOW_S)} - now())) else 0 end)
        from ${phoneNumberSends} n where n.phone = ${phone}), 0)
    ))::int as wait`);
  return Number(result.rows[0]?.wait ?? 0);
}

/** The throttle's update of a row (`t`) that is allowed to send now: a new window once the last one is over. */
const countSend = (t: string, cap: number) => sql`
  where ${sql.raw(t)}.sent_at <= now() - ${seconds(RESEND_SPACING_S)}
    and (${sql.raw(t)}.window_started_at <= now() - ${seconds(SEND_WINDOW_S)}
      or ${sql.raw(t)}.sends_in_window < ${int(cap)})`;
const nextWindow = (t: string) => sql`
    sent_at = now(),
    window_started_at = case when ${sql.raw(t)}.window_started_at <= now() - ${seconds(SEND_WINDOW_S)}
      then now() else ${sql.raw(t)}.window_started_at end,
    sends_in_window = case when ${sql.raw(t)}.window_started_at <= now() - ${seconds(SEND_WINDOW_S)}
      then 1 else ${sql.raw(t)}.sends_in_window + 1 end`;

/**
 * Counts a send to the number and to the account and stores the new code (its hash, a fresh life and no
 * tries), all in one statement and only if both throttles allow it; false when one does not. The account's
 * previous code, if any, is replaced. (When the number allows it and the account then does not, the number
 * has counted a send that did not happen: the caller checks `sendWait` first, so only a race gets there.)
 */
export async function reserveCode(db: Db, accountId: number, phone: string, hash: string): Promise<boolean> {
  const result = await db.execute<{ reserved: number }>(sql`
    with number as (
      insert into ${phoneNumberSends} as n (phone, sent_at, window_started_at, sends_in_window)
      values (${phone}, now(), now(), 1)
      on conflict (phone) do update set ${nextWindow("n")}
      ${countSend("n", SENDS_PER_WINDOW_NUMBER)}
      returning n.phone
    ), code as (
      insert into ${phoneCodes} as p
        (account_id, phone, code_hash, expires_at, attempts, verified_at, sent_at, window_started_at, sends_in_window)
      select ${accountId}, number.phone, ${hash}, now() + ${seconds(CODE_TTL_S)}, 0, null, now(), now(), 1
      from number
      on conflict (account_id) do update set
        phone = excluded.phone, code_hash = excluded.code_hash, expires_at = excluded.expires_at,
        attempts = 0, verified_at = null, ${nextWindow("p")}
      ${countSend("p", SENDS_PER_WINDOW_ACCOUNT)}
      returning p.account_id
    )
    select count(*)::int as reserved from code`);
  return Number(result.rows[0]?.reserved ?? 0) === 1;
}

/** What a try of a code found. */
export type TryResult =
  | { kind: "right"; phone: string }
  | { kind: "wrong"; triesLeft: number }
  /** The tries are used up (this one was the last wrong one, or they were before). */
  | { kind: "ended" }
  | { kind: "expired" }
  /** The code has verified already: single use, so every later try fails, a concurrent one included. */
  | { kind: "used" }
  | { kind: "none" };

/**
 * Tries a code: counts the try and, when its hash is the stored one, marks the code used, in one statement
 * that only touches a live code (not used, not expired, tries left), so concurrent tries never make more
 * than MAX_TRIES and two concurrent tries of the right code verify once (the second waits for the first's
 * row lock, then finds the code used). When it touched nothing, a second read says why.
 */
export async function tryCode(db: Db, accountId: number, hash: string, again = true): Promise<TryResult> {
  const [tried] = await db
    .update(phoneCodes)
    .set({
      attempts: sql`${phoneCodes.attempts} + 1`,
      verifiedAt: sql`case when ${phoneCodes.codeHash} = ${hash} then now() end`,
    })
    .where(
      and(
        eq(phoneCodes.accountId, accountId),
        sql`${phoneCodes.verifiedAt} is null`,
        sql`${phoneCodes.attempts} < ${MAX_TRIES}`,
        sql`${phoneCodes.expiresAt} > now()`,
      ),
    )
    .returning({
      phone: phoneCodes.phone,
      attempts: phoneCodes.attempts,
      right: sql<boolean>`${phoneCodes.verifiedAt} is not null`,
    });
  if (tried) {
    if (tried.right) return { kind: "right", phone: tried.phone };
    const triesLeft = MAX_TRIES - tried.attempts;
    return triesLeft > 0 ? { kind: "wrong", triesLeft } : { kind: "ended" };
  }
  const [state] = await db
    .select({
      attempts: phoneCodes.attempts,
      used: sql<boolean>`${phoneCodes.verifiedAt} is not null`,
      expired: sql<boolean>`${phoneCodes.expiresAt} <= now()`,
    })
    .from(phoneCodes)
    .where(eq(phoneCodes.accountId, accountId));
  if (!state) return { kind: "none" };
  if (state.used) return { kind: "used" };
  if (state.attempts >= MAX_TRIES) return { kind: "ended" };
  if (state.expired) return { kind: "expired" };
  // A new code was sent between the two statements: try this one against it (once).
  return again ? tryCode(db, accountId, hash, false) : { kind: "none" };
}
