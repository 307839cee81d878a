// The postback outbox. Every tracking call and every ledger event is one row (its event key is unique: a
// retried call or a replayed webhook adds nothing); deliverers claim due rows with a lease (FOR UPDATE SKIP
// LOCKED, so two deliverers never hold the same row), send one GET to the brand's tracker with a bounded wait,
// and mark the row sent, or put it back with an exponential backoff, or give it up after MAX_ATTEMPTS. A brand
// without a tracker template keeps its rows pending in the outbox (local runs: /dev/outbox).
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { postbacks } from "../../drizzle/schema/attribution";
import { type BrandId, brandIds, brands } from "../brands/registry";
import type { Config } from "../config";
import type { PostbackKind } from "../contracts/tracking";
import type { Db } from "../core/db";
import { errorName } from "../core/log";
import { grantsInSql } from "../privacy/consents.service";
import { fillTemplate, payoutText } from "./postback-template";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The first retry's wait; each further one doubles, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 60_000;
export const MAX_BACKOFF_MS = 6 * 3_600_000;
/** After this many failed sends a postback is given up (status failed), visible in the console. */
export const MAX_ATTEMPTS = 10;
/** How many rows one deliverer claims per run. */
export const DELIVERY_BATCH = 50;

/** One event for the outbox. */
export interface PostbackEvent {
  brandId: string;
  eventKey: string;
  kind: PostbackKind;
  clickid: string;
  accountId: number | null;
  payoutCents?: number | null;
  currency?: string | null;
  payload: Record<string, unknown>;
}

/**
 * Adds the event unless its key is there already; true when this call added it. A member's event goes to a
 * tracker, a third party, only while he consents to communication to third parties (GDPR art. 7(4): the
 * consent is optional, so its absence withholds the postback rather than the service).
 */
export async function enqueuePostback(db: Db | Tx, event: PostbackEvent): Promise<boolean> {
  const { rows } = await db.execute(postbackInsert(event));
  return rows.length > 0;
}

/** enqueuePostback's one statement: the consent's check and the row; answers the row's id when it added one. */
function postbackInsert(event: PostbackEvent): SQL {
  const allowed = event.accountId === null ? sql`true` : grantsInSql(event.accountId, "third_parties");
  return sql`
    insert into postbacks (brand_id, event_key, kind, clickid, account_id, payout_cents, currency, payload)
    select ${event.brandId}, ${event.eventKey}, ${event.kind}, ${event.clickid}, ${event.accountId}::bigint,
      ${event.payoutCents ?? null}::int, ${event.currency ?? null}::text, ${JSON.stringify(event.payload)}::jsonb
    where ${allowed}
    on conflict (event_key) do nothing
    returning id`;
}

/** The wait before the next try after `attempts` failed sends. */
export const backoffMs = (attempts: number) =>
  Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));

export interface Delivery {
  /** The tracker's URL template of a brand, or undefined when it has none (its rows stay in the outbox). */
  templateOf: (brandId: string) => string | undefined;
  brandIds: readonly string[];
  timeoutMs: number;
  now: Date;
  fetch?: typeof fetch;
  limit?: number;
}

export interface DeliveryRun {
  sent: number;
  retried: number;
  failed: number;
}

type ClaimedRow = {
  id: number;
  brand_id: string;
  kind: string;
  clickid: string;
  payout_cents: number | null;
  currency: string | null;
  payload: Record<string, unknown>;
  attempts: number;
};

/** Claims the due rows of brands with a tracker: pending and due, or sending with an expired lease. */
async function claim(db: Db, brands: string[], now: Date, leaseMs: number, limit: number) {
  const at = now.toISOString();
  const leaseEnd = new Date(now.getTime() + leaseMs).toISOString();
  const result = await db.execute<ClaimedRow>(sql`
    update postbacks set status = 'sending', attempts = attempts + 1, claimed_until = ${leaseEnd}::timestamptz
    where id in (
      select id from postbacks
      where brand_id in (${sql.join(
        brands.map((b) => sql`${b}`),
        sql`, `,
      )})
        and ((status = 'pending' and next_attempt_at <= ${at}::timestamptz)
          or (status = 'sending' and claimed_until < ${at}::timestamptz))
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, brand_id, kind, clickid, payout_cents, currency, payload, attempts`);
  return result.rows;
}

/** The values a template's placeholders take for one row. */
function placeholders(row: ClaimedRow) {
  const text = (key: string) => {
    const v = row.payload[key];
    return typeof v === "string" || typeof v === "number" ? String(v) : "";
  };
  const event = row.kind === "kpi" ? text("nome_evento") : row.kind;
  return {
    clickid: row.clickid,
    event,
    payout: row.payout_cents === null ? "" : payoutText(row.payout_cents),
    currency: row.currency ?? "",
    event_id: String(row.id),
    kcampaign: text("kcampaign"),
    page_type: text("pageType"),
  };
}

/** A tracker's answer worth trying again: its own trouble, a timeout or a throttle; another 4xx never heals. */
const retryable = (status: number) => status >= 500 || status === 408 || status === 429;

/** Sends what is due; each row once per claim, the outcome written only while the claim is still this one's. */
export async function deliverPostbacks(db: Db, delivery: Delivery): Promise<DeliveryRun> {
  const withTracker = [...new Set(delivery.brandIds)].filter((id) => delivery.templateOf(id) !== undefined);
  const run: DeliveryRun = { sent: 0, retried: 0, failed: 0 };
  if (withTracker.length === 0) return run;
  const leaseMs = delivery.timeoutMs + 30_000;
  const rows = await claim(db, withTracker, delivery.now, leaseMs, delivery.limit ?? DELIVERY_BATCH);
  const doFetch = delivery.fetch ?? fetch;
  await Promise.all(
    rows.map(async (row) => {
      const template = delivery.templateOf(row.brand_id);
      if (!template) return;
      let status: number | null = null;
      let problem: string | null = null;
      try {
        const response = await doFetch(fillTemplate(template, placeholders(row)), {
          method: "GET",
          redirect: "manual",
          signal: AbortSignal.timeout(delivery.timeoutMs),
        });
        status = response.status;
        await response.body?.cancel();
        if (status < 200 || status >= 300) problem = `tracker answered ${status}`;
      } catch (error) {
        problem = errorName(error) === "TimeoutError" ? "timeout" : `unreachable (${errorName(error)})`;
      }
      const mine = sql`id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`;
      if (problem === null) {
        await db.execute(sql`update postbacks set status = 'sent', sent_at = ${delivery.now.toISOString()}::timestamptz,
          last_status = ${status}, last_error = null, claimed_until = null where ${mine}`);
        run.sent++;
        return;
      }
      const giveUp = row.attempts >= MAX_ATTEMPTS || (status !== null && !retryable(status));
      const next = new Date(delivery.now.getTime() + backoffMs(row.attempts)).toISOString();
      await db.execute(sql`update postbacks set status = ${giveUp ? "failed" : "pending"},
        next_attempt_at = ${next}::timestamptz, last_status = ${status}, last_error = ${problem},
        claimed_until = null where ${mine}`);
      if (giveUp) run.failed++;
      else run.retried++;
    }),
  );
  return run;
}

/** What the ledger settled or reversed: a sale, a renewal, a refund or a chargeback of one payment. */
export interface LedgerEvent {
  kind: "sale" | "renewal" | "refund" | "chargeback";
  paymentId: number;
  orderId: number;
  brandId: string;
  clickid: string;
  accountId: number;
  /** The money that moved (a refund's or chargeback's is sent negative). */
  amountCents: number;
  currency: string;
}

/**
 * The ledger's postback, written in the ledger's own transaction: the payment's event exists exactly when the
 * money moved, once per payment and kind whatever replays the settlement.
 */
export async function ledgerPostback(tx: Db | Tx, event: LedgerEvent): Promise<boolean> {
  const { rows } = await tx.execute(ledgerPostbackInsert(event));
  return rows.length > 0;
}

/** ledgerPostback's one statement, for a caller that sends it with others. */
export function ledgerPostbackInsert(event: LedgerEvent): SQL {
  const reversal = event.kind === "refund" || event.kind === "chargeback";
  return postbackInsert({
    brandId: event.brandId,
    eventKey: `${event.kind}:payment:${event.paymentId}`,
    kind: event.kind,
    clickid: event.clickid,
    accountId: event.accountId,
    payoutCents: reversal ? -event.amountCents : event.amountCents,
    currency: event.currency,
    payload: { paymentId: event.paymentId, orderId: event.orderId },
  });
}

/** A brand's tracker template: the deployment's (TRACKER_POSTBACK_URLS), else the registry's, else none. */
export function postbackTemplateOf(config: Config, brandId: string): string | undefined {
  return config.tracking.postbackUrls[brandId] ?? brands[brandId as BrandId]?.server.postbackUrl;
}

/** The scheduled run: every brand's due postbacks. */
export function deliverDuePostbacks(db: Db, config: Config, now: Date, fetcher?: typeof fetch) {
  return deliverPostbacks(db, {
    templateOf: (brandId) => postbackTemplateOf(config, brandId),
    brandIds: [...brandIds, ...Object.keys(config.tracking.postbackUrls)],
    timeoutMs: config.tracking.timeoutMs,
    now,
    ...(fetcher ? { fetch: fetcher } : {}),
  });
}

/** One postback as the console and the local outbox list it. */
export interface ListedPostbackRow {
  id: number;
  brandId: string;
  kind: string;
  clickid: string;
  payoutCents: number | null;
  currency: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  lastStatus: number | null;
  nextAttemptAt: string;
  sentAt: string | null;
  createdAt: string;
}

/** The newest postbacks of some brands (all brands: null), optionally of one status. */
export async function listPostbacks(
  db: Db,
  query: { brands: readonly string[] | null; status?: string; limit: number },
): Promise<ListedPostbackRow[]> {
  const conditions = [];
  if (query.brands) conditions.push(inArray(postbacks.brandId, [...query.brands]));
  if (query.status) conditions.push(eq(postbacks.status, query.status));
  if (query.brands && query.brands.length === 0) return [];
  const rows = await db
    .select()
    .from(postbacks)
    .where(and(...conditions))
    .orderBy(desc(postbacks.createdAt), desc(postbacks.id))
    .limit(query.limit);
  return rows.map((r) => ({
    id: r.id,
    brandId: r.brandId,
    kind:
      r.kind === "kpi" ? `kpi:${String((r.payload as { nome_evento?: unknown }).nome_evento ?? "")}` : r.kind,
    clickid: r.clickid,
    payoutCents: r.payoutCents,
    currency: r.currency,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    lastStatus: r.lastStatus,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}
