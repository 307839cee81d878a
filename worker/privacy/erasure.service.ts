// The erasure of a member (GDPR art. 17), run by the cron job once the deletion's grace period is over: the
// member's photos leave the bucket, then in one transaction the registry's tables are walked (personal-data.ts):
// kept rows (the payment records the law keeps 10 years) have their personal columns cleared, every other row of
// theirs is deleted, the balances go to zero with their ledger rows (so the ledger still balances), and the
// account becomes a shell that names nobody. Tombstones (keyed hashes of the clickid, the address and the
// Google subject) let a late webhook, postback or import see that the member was erased and recreate nothing.
import { and, asc, eq, getTableColumns, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { creditLedger } from "../../drizzle/schema/credits";
import { subscriptions } from "../../drizzle/schema/payments";
import { memberPhotos } from "../../drizzle/schema/photos";
import { erasureTombstones } from "../../drizzle/schema/privacy";
import { brandOf } from "../brands/registry";
import type { Config } from "../config";
import type { Db } from "../core/db";
import { hmacHex } from "../core/hmac";
import { errorName, logEvent } from "../core/log";
import { changePremiumLevel, type Tx } from "../credits/credits.service";
import type { Bindings } from "../env";
import { memberPhotoKey } from "../photos/photos.service";
import { memberRoom } from "../realtime/member-room";
import { auditRight } from "./audit.service";
import { memberTables } from "./personal-data";
import type { DataSubject, MemberTable } from "./personal-data-model";
import { ERASURE_BATCH } from "./rights.config";

export interface ErasureDeps {
  db: Db;
  env: Bindings;
  config: Config;
}

type Account = typeof accounts.$inferSelect;

/** An identifier that may arrive after an erasure, and its tombstone's key. */
export type ErasedIdentifier =
  | { kind: "clickid"; clickid: string }
  | { kind: "email"; brandId: string; email: string }
  | { kind: "google"; brandId: string; sub: string };

function tombstoneMessage(id: ErasedIdentifier): string {
  switch (id.kind) {
    case "clickid":
      return `clickid:${id.clickid}`;
    case "email":
      return `email:${id.brandId}:${id.email.trim().toLowerCase()}`;
    case "google":
      return `google:${id.brandId}:${id.sub}`;
  }
}

const tombstoneKey = (config: Config, id: ErasedIdentifier) =>
  hmacHex(config.rights.tombstoneKey, `tombstone:v1:${tombstoneMessage(id)}`);

/**
 * Whether an identifier belonged to an erased member: a webhook, a tracker's postback or an import that carries
 * it must not create or update anything for it.
 */
export async function isErased(db: Db, config: Config, id: ErasedIdentifier): Promise<boolean> {
  const [row] = await db
    .select({ key: erasureTombstones.keyHash })
    .from(erasureTombstones)
    .where(eq(erasureTombstones.keyHash, await tombstoneKey(config, id)));
  return Boolean(row);
}

/** The values a kept row's personal columns take: the entry's own, else null, else the column's default. */
function erasedSet(entry: MemberTable, subject: DataSubject): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  const columns = getTableColumns(entry.table) as Record<string, { notNull: boolean; hasDefault: boolean }>;
  const own = entry.erasedValues as Record<string, ((m: DataSubject) => SQL) | undefined> | undefined;
  for (const [key, use] of Object.entries(entry.columns)) {
    const explicit = own?.[key];
    if (explicit) set[key] = explicit(subject);
    else if (use === "personal" || use === "secret") {
      const column = columns[key];
      if (!column) throw new Error(`${entry.name}.${key} is not a column`);
      if (!column.notNull) set[key] = null;
      else if (column.hasDefault) set[key] = sql`default`;
      else throw new Error(`${entry.name}.${key} needs an erased value`);
    }
  }
  return set;
}

/** The balances go to zero and the level to 0, each with its ledger row: the ledger still adds up to the account. */
async function zeroBalances(tx: Tx, account: Account) {
  const balances = [
    ["messaggi", account.messageCredits],
    ["icebreaker", account.icebreakerCredits],
    ["like", account.likeCredits],
  ] as const;
  for (const [balance, amount] of balances) {
    if (amount === 0) continue;
    await tx.insert(creditLedger).values({
      accountId: account.id,
      balance,
      delta: -amount,
      balanceAfter: 0,
      reason: "erasure",
      reference: `erasure:${account.id}:${balance}`,
    });
  }
  await tx
    .update(accounts)
    .set({ messageCredits: 0, icebreakerCredits: 0, likeCredits: 0 })
    .where(eq(accounts.id, account.id));
  await changePremiumLevel(tx, account, {
    premiumLevel: 0,
    reason: "erasure",
    reference: `erasure:${account.id}:premium`,
  });
}

export interface ErasureReport {
  accountId: number;
  /** Rows deleted and rows cleared per table. */
  deleted: Record<string, number>;
  pseudonymised: Record<string, number>;
  photos: number;
}

/**
 * Erases one member now (whatever the grace period: the job checks it). A member already erased is left as
 * is (null). The photos are deleted from the bucket first: if the bucket fails, nothing in the database has
 * changed and the next run tries again.
 */
export async function eraseAccount(deps: ErasureDeps, accountId: number): Promise<ErasureReport | null> {
  const { db, env, config } = deps;
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account || account.erasedAt) return null;
  const brand = brandOf(account.brandId).public;
  const photos = await db
    .select({ name: memberPhotos.name })
    .from(memberPhotos)
    .where(eq(memberPhotos.accountId, account.id));
  if (photos.length > 0) await env.PHOTOS.delete(photos.map((p) => memberPhotoKey(brand, p.name)));

  const subject: DataSubject = {
    id: account.id,
    clickid: account.clickid,
    brandId: account.brandId,
    email: account.email,
    phone: account.phone,
  };
  const identifiers: ErasedIdentifier[] = [
    { kind: "clickid", clickid: account.clickid },
    { kind: "email", brandId: account.brandId, email: account.email },
    ...(account.googleSub
      ? [{ kind: "google" as const, brandId: account.brandId, sub: account.googleSub }]
      : []),
  ];
  const keys = await Promise.all(identifiers.map((id) => tombstoneKey(config, id)));

  const report = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(accounts).where(eq(accounts.id, account.id)).for("update");
    if (!locked || locked.erasedAt) return null;
    const done: ErasureReport = {
      accountId: account.id,
      deleted: {},
      pseudonymised: {},
      photos: photos.length,
    };
    // Nothing renews for a shell, whatever the plan's state.
    await tx
      .update(subscriptions)
      .set({ status: "ended", nextAttemptAt: null })
      .where(and(eq(subscriptions.accountId, account.id), sql`${subscriptions.status} <> 'ended'`));
    await zeroBalances(tx, locked);
    const kept = memberTables.filter((t) => t.erasure === "pseudonymise" && t.name !== "accounts");
    for (const entry of kept) {
      const set = erasedSet(entry, subject);
      if (Object.keys(set).length === 0) continue;
      const rows = await tx.update(entry.table).set(set).where(entry.rows(subject)).returning();
      done.pseudonymised[entry.name] = rows.length;
    }
    for (const entry of memberTables.filter((t) => t.erasure === "delete")) {
      const rows = await tx.delete(entry.table).where(entry.rows(subject)).returning();
      done.deleted[entry.name] = rows.length;
    }
    const shell = memberTables.find((t) => t.name === "accounts");
    if (!shell) throw new Error("the registry has no accounts entry");
    await tx
      .update(accounts)
      .set({ ...erasedSet(shell, subject), erasedAt: sql`now()`, disabled: true })
      .where(eq(accounts.id, account.id));
    done.pseudonymised.accounts = 1;
    await tx
      .insert(erasureTombstones)
      .values(keys.map((keyHash, i) => ({ keyHash, kind: identifiers[i]?.kind ?? "clickid" })))
      .onConflictDoNothing();
    await auditRight(tx, "erasure_done", account.id, {
      deleted: done.deleted,
      pseudonymised: done.pseudonymised,
      photos: done.photos,
      requestedAt: locked.deletionRequestedAt?.toISOString() ?? null,
      dueAt: locked.erasureDueAt?.toISOString() ?? null,
    });
    return done;
  });
  if (!report) return null;
  // The room's own storage (its queue of timed steps, messages not yet written) goes too.
  try {
    await (await memberRoom(env, account.clickid)).forget();
  } catch (error) {
    logEvent("error", "privacy.room_not_forgotten", { accountId: account.id, error: errorName(error) });
  }
  logEvent("info", "privacy.erased", { accountId: account.id, photos: report.photos });
  return report;
}

/** The erasure job: every member whose grace period ended by `now`, oldest first, a batch per run. */
export async function runDueErasures(
  deps: ErasureDeps,
  now: Date,
): Promise<{ erased: number; failed: number }> {
  const due = await deps.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(isNotNull(accounts.erasureDueAt), lte(accounts.erasureDueAt, now), isNull(accounts.erasedAt)))
    .orderBy(asc(accounts.erasureDueAt))
    .limit(ERASURE_BATCH);
  let erased = 0;
  let failed = 0;
  for (const { id } of due) {
    try {
      if (await eraseAccount(deps, id)) erased++;
    } catch (error) {
      // The next run tries again; the error's name only (a query's message holds its parameters).
      failed++;
      logEvent("error", "privacy.erasure_failed", { accountId: id, error: errorName(error) });
    }
  }
  if (due.length > 0) logEvent("info", "privacy.erasure_run", { erased, failed });
  return { erased, failed };
}
