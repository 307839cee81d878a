// The tracking calls as rows of the postback outbox, the cookie choices, and the browsers' error reports.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { clientErrors, cookieConsents } from "../../drizzle/schema/attribution";
import { orders } from "../../drizzle/schema/payments";
import { brandOf } from "../brands/registry";
import { scrub } from "../contracts/scrub";
import type { CookieChoice, CookieConsentRecord, ImportClick, KpiEvent } from "../contracts/tracking";
import type { Db } from "../core/db";
import { enqueuePostback } from "./postbacks.service";

/** The session's member, when the call came with one. */
export interface Caller {
  brandId: string;
  accountId: number | null;
}

/**
 * importClick: one click per click id, campaign and page type (a reload is the same click). A new click is also
 * a landing in the dashboard's funnel, under the flow and source the landing page read from its address.
 */
export function recordClick(db: Db, caller: Caller, body: ImportClick, now = new Date()) {
  const { eventId: _, ...payload } = body;
  return db.transaction(async (tx) => {
    const added = await enqueuePostback(tx, {
      brandId: caller.brandId,
      eventKey: `click:${caller.brandId}:${body.clickid}:${body.kcampaign ?? ""}:${body.pageType ?? ""}`,
      kind: "click",
      clickid: body.clickid,
      accountId: caller.accountId,
      payload,
    });
    if (added) {
      const flux = body.fluxId ?? brandOf(caller.brandId).public.default_fluxid;
      const day = now.toISOString().slice(0, 10);
      await tx.execute(
        sql`select dashboard_count_step(${day}::date, ${caller.brandId}, ${flux}, ${body.source ?? "direct"}, 'landing')`,
      );
    }
    return added;
  });
}

/**
 * importOrder, importUpsell, cancelOrder: the member's own order, once per order and kind. The payout is the
 * order's amount as stored; null when the order is not the member's.
 */
export async function recordOrderCall(
  db: Db,
  caller: Caller & { accountId: number; clickid: string },
  kind: "order" | "upsell" | "cancel",
  orderId: number,
  planName: string | undefined,
): Promise<boolean | null> {
  const [order] = await db
    .select({ amountCents: orders.amountCents, currency: orders.currency })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.accountId, caller.accountId)));
  if (!order) return null;
  return enqueuePostback(db, {
    brandId: caller.brandId,
    eventKey: `${kind}:order:${orderId}`,
    kind,
    clickid: caller.clickid,
    accountId: caller.accountId,
    payoutCents: kind === "cancel" ? 0 : order.amountCents,
    currency: order.currency,
    payload: { orderId, ...(planName ? { nomePiano: planName } : {}) },
  });
}

/** The KPI event: once per click id for an `unica` one, once per eventId otherwise. The e-mail is never kept. */
export function recordKpiEvent(db: Db, caller: Caller, body: KpiEvent) {
  const { email: _email, eventId, ...payload } = body;
  const once = body.unica === true || body.unica === 1 || body.unica === "1";
  const id = once ? "once" : (eventId ?? crypto.randomUUID());
  return enqueuePostback(db, {
    brandId: caller.brandId,
    eventKey: `kpi:${caller.brandId}:${body.clickid}:${body.nome_evento}:${id}`,
    kind: "kpi",
    clickid: body.clickid,
    accountId: caller.accountId,
    payload,
  });
}

/** Stores one cookie choice. */
export async function recordCookieChoice(db: Db, caller: Caller, choice: CookieChoice) {
  const [row] = await db
    .insert(cookieConsents)
    .values({
      accountId: caller.accountId,
      deviceId: choice.deviceId,
      brandId: caller.brandId,
      policyVersion: choice.policyVersion,
      analytics: choice.analytics,
      marketing: choice.marketing,
    })
    .returning({ createdAt: cookieConsents.createdAt });
  return row?.createdAt;
}

/**
 * The member's cookie choices, newest first. The choices this device made before signing in become the
 * member's (the banner shows before sign-up), so the profile shows what was chosen on the device in use.
 */
export async function memberCookieChoices(
  db: Db,
  caller: Caller & { accountId: number },
  deviceId: string | undefined,
): Promise<CookieConsentRecord[]> {
  if (deviceId) {
    await db
      .update(cookieConsents)
      .set({ accountId: caller.accountId })
      .where(
        and(
          eq(cookieConsents.deviceId, deviceId),
          eq(cookieConsents.brandId, caller.brandId),
          isNull(cookieConsents.accountId),
        ),
      );
  }
  const rows = await db
    .select()
    .from(cookieConsents)
    .where(and(eq(cookieConsents.brandId, caller.brandId), eq(cookieConsents.accountId, caller.accountId)))
    .orderBy(desc(cookieConsents.createdAt), desc(cookieConsents.id))
    .limit(20);
  return rows.map((r) => ({
    at: r.createdAt.toISOString(),
    policyVersion: r.policyVersion,
    analytics: r.analytics,
    marketing: r.marketing,
  }));
}

/** Stores a browser's error report, scrubbed. */
export async function recordClientError(
  db: Db,
  brandId: string,
  report: { subject: string; messaggio: string; release: string },
) {
  await db.insert(clientErrors).values({
    brandId,
    subject: scrub(report.subject, 80),
    message: scrub(report.messaggio, 300),
    release: scrub(report.release, 40) || "unknown",
  });
}

/** The console's view: reports grouped by subject and message, with their count, releases and last time. */
export async function clientErrorGroups(db: Db, brands: readonly string[], sinceDays: number) {
  if (brands.length === 0) return [];
  const since = new Date(Date.now() - sinceDays * 86_400_000);
  const result = await db.execute<{
    brand_id: string;
    subject: string;
    message: string;
    count: number;
    releases: string[];
    last_at: string;
  }>(sql`
    select brand_id, subject, message, count(*)::int as count,
      array_agg(distinct release order by release) as releases, max(created_at) as last_at
    from client_errors
    where brand_id in (${sql.join(
      brands.map((b) => sql`${b}`),
      sql`, `,
    )}) and created_at >= ${since.toISOString()}::timestamptz
    group by brand_id, subject, message
    order by count(*) desc, max(created_at) desc
    limit 200`);
  return result.rows.map((r) => ({
    brandId: r.brand_id,
    subject: r.subject,
    message: r.message,
    count: r.count,
    releases: r.releases,
    lastAt: new Date(r.last_at).toISOString(),
  }));
}
