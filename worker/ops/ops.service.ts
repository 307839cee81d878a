import { and, arrayOverlaps, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { angels } from "../../drizzle/schema/angels";
import { messages } from "../../drizzle/schema/chat";
import { regions } from "../../drizzle/schema/geo";
import { angelPersonaNotes, operators, opsAuditLog } from "../../drizzle/schema/ops";
import { brandOf } from "../brands/registry";
import type { AuditAction, AuditDetails, Lease, QueueItem } from "../contracts/ops";
import type { Db } from "../core/db";
import { logEvent } from "../core/log";
import type { Tx } from "../credits/credits.service";
import { angelPhotoUrl, defaultPhotoUrl } from "../photos/photos.service";
import type { DeskLease } from "./ops-desk";

export type OperatorRow = typeof operators.$inferSelect;

export const toLease = (l: DeskLease): Lease => ({
  clickid: l.clickid,
  angelId: l.angelId,
  operatorId: l.operatorId,
  operatorName: l.operatorName,
  expiresAt: new Date(l.expiresAt).toISOString(),
});

/** Writes an audit row; inside a caller's transaction when given one (a refund and its row commit together). */
export async function audit(
  db: Db | Tx,
  entry: {
    operatorId: number | null;
    action: AuditAction;
    accountId?: number | null;
    angelId?: number | null;
    details?: AuditDetails;
  },
) {
  await db.insert(opsAuditLog).values({
    operatorId: entry.operatorId,
    action: entry.action,
    accountId: entry.accountId ?? null,
    angelId: entry.angelId ?? null,
    details: entry.details ?? null,
  });
}

export async function operatorByEmail(db: Db, email: string): Promise<OperatorRow | null> {
  const [row] = await db.select().from(operators).where(sql`lower(${operators.email}) = lower(${email})`);
  return row ?? null;
}

export async function setOperatorPassword(db: Db, operatorId: number, passwordHash: string) {
  await db.update(operators).set({ passwordHash }).where(eq(operators.id, operatorId));
}

/** A new session version: every token signed with the old one stops working (logout). */
export async function endOperatorSessions(db: Db, operatorId: number) {
  await db
    .update(operators)
    .set({ sessionVersion: sql`${operators.sessionVersion} + 1` })
    .where(eq(operators.id, operatorId));
}

export async function setOperatorLanguage(db: Db, operatorId: number, language: string) {
  await db.update(operators).set({ language }).where(eq(operators.id, operatorId));
}

/** Flows whose angel replies come from operators (provider_animazione in the flow's JSON). */
const operatorFlows = sql`(select f.flux_id from flows f where f.config->>'provider_animazione' = 'operators')`;

/**
 * Conversations awaiting a reply: the last member or angel message of the conversation is the member's
 * (an angel reply stored for later counts as an answer: it is on its way). Only members of operator flows
 * and of the given brands, oldest wait first. The wait counts from the member's first message after the last
 * angel message.
 */
export async function awaitingReply(
  db: Db,
  brands: readonly string[],
  limit = 200,
): Promise<Omit<QueueItem, "lease">[]> {
  if (brands.length === 0) return [];
  const ofBrands = sql.join(
    brands.map((b) => sql`${b}`),
    sql`, `,
  );
  const result = await db.execute<{
    clickid: string;
    angel_id: number;
    username: string | null;
    brand_id: string;
    screen_name: string;
    waiting_since: string | Date;
    last_message: string;
  }>(sql`
    with last as (
      select distinct on (m.account_id, m.angel_id) m.account_id, m.angel_id, m.type, m.msg
      from ${messages} m
      join ${accounts} a on a.id = m.account_id
      where a.flux_id in ${operatorFlows} and a.brand_id in (${ofBrands}) and not a.disabled
        and m.type in ('personal', 'angel')
      order by m.account_id, m.angel_id, m.time desc, m.id desc
    )
    select a.clickid, l.angel_id, a.username, a.brand_id, g.screen_name, l.msg as last_message,
      (select min(p.time) from ${messages} p
        where p.account_id = l.account_id and p.angel_id = l.angel_id and p.type = 'personal'
          and p.time > coalesce((select max(r.time) from ${messages} r
            where r.account_id = l.account_id and r.angel_id = l.angel_id and r.type = 'angel'), '-infinity')
      ) as waiting_since
    from last l
    join ${accounts} a on a.id = l.account_id
    join ${angels} g on g.id = l.angel_id
    where l.type = 'personal'
    order by waiting_since asc
    limit ${limit}`);
  return result.rows.map((r) => ({
    clickid: r.clickid,
    angelId: Number(r.angel_id),
    memberName: r.username,
    angelName: r.screen_name,
    brandId: r.brand_id,
    waitingSince: new Date(r.waiting_since).toISOString(),
    lastMessage: r.last_message,
  }));
}

/** The member of a conversation the console may act on: exists, enabled, on an operators flow, of the brands. */
export async function operatorMember(db: Db, clickid: string, brands: readonly string[]) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.clickid, clickid),
        inArray(accounts.brandId, [...brands]),
        sql`${accounts.fluxId} in ${operatorFlows}`,
      ),
    );
  return row && !row.disabled ? row : null;
}

export async function angelById(db: Db, angelId: number) {
  const [row] = await db.select().from(angels).where(eq(angels.id, angelId));
  return row ?? null;
}

export async function personaNotes(db: Db, angelId: number) {
  const [row] = await db
    .select({
      notes: angelPersonaNotes.notes,
      updatedAt: angelPersonaNotes.updatedAt,
      updatedBy: operators.displayName,
    })
    .from(angelPersonaNotes)
    .leftJoin(operators, eq(operators.id, angelPersonaNotes.updatedBy))
    .where(eq(angelPersonaNotes.angelId, angelId));
  return {
    notes: row?.notes ?? "",
    updatedBy: row?.updatedBy ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function savePersonaNotes(db: Db, angelId: number, notes: string, operatorId: number) {
  await db
    .insert(angelPersonaNotes)
    .values({ angelId, notes, updatedBy: operatorId, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: angelPersonaNotes.angelId,
      set: { notes, updatedBy: operatorId, updatedAt: new Date() },
    });
}

type Account = typeof accounts.$inferSelect;
type Angel = typeof angels.$inferSelect;

/** Everything the console shows beside a conversation, angel replies not yet delivered included. */
export async function conversationView(db: Db, member: Account, angel: Angel) {
  const brand = brandOf(member.brandId);
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.accountId, member.id), eq(messages.angelId, angel.id)))
    .orderBy(asc(messages.time), asc(messages.id));
  // Regions are stored by code; the console shows their names.
  const places = await db
    .select()
    .from(regions)
    .where(
      or(
        and(eq(regions.country, member.country), eq(regions.code, member.region ?? "")),
        and(eq(regions.country, angel.country), eq(regions.code, angel.region)),
      ),
    );
  const regionName = (country: string, code: string | null) =>
    places.find((r) => r.country === country && r.code === code)?.name ?? code;
  const now = Date.now();
  return {
    messages: rows.map((m) => ({
      id: m.id,
      type: m.type,
      msg: m.msg,
      time: m.time.toISOString(),
      scheduled: m.time.getTime() > now,
      provider: m.provider,
    })),
    member: {
      clickid: member.clickid,
      name: member.username,
      age: member.age,
      country: member.country,
      region: regionName(member.country, member.region),
      city: member.city,
      brandId: member.brandId,
      brandTitle: brand.public.title,
      language: brand.public.language,
      premiumLevel: member.premiumLevel,
      creditiMessaggi: member.messageCredits,
      creditiIcebreaker: member.icebreakerCredits,
      verified: member.verifiedUser,
      description: member.description,
      photo: defaultPhotoUrl(brand.public, member),
      seeking: member.lookingFor,
    },
    angel: {
      id: angel.id,
      screenName: angel.screenName,
      photo: angelPhotoUrl(brand.public, angel.country, angel.id),
      age: angel.age,
      city: angel.city,
      region: regionName(angel.country, angel.region) ?? angel.region,
      country: angel.country,
      about: angel.about,
      description: angel.description,
    },
    notes: await personaNotes(db, angel.id),
  };
}

/**
 * The audit log, newest first, a page at a time (`before`: an id from the previous page). `brands` (null: every
 * brand) keeps the entries about members of those brands, and the entries about no member (logins, notes)
 * made by operators who share one of them.
 */
export async function auditLog(
  db: Db,
  opts: { limit: number; before?: number; operatorId?: number; brands: readonly string[] | null },
) {
  const brands = opts.brands ? [...opts.brands] : null;
  const rows = await db
    .select({ entry: opsAuditLog, operatorName: operators.displayName })
    .from(opsAuditLog)
    .leftJoin(operators, eq(operators.id, opsAuditLog.operatorId))
    .leftJoin(accounts, eq(accounts.id, opsAuditLog.accountId))
    .where(
      and(
        opts.before ? lt(opsAuditLog.id, opts.before) : undefined,
        opts.operatorId ? eq(opsAuditLog.operatorId, opts.operatorId) : undefined,
        brands
          ? or(
              inArray(accounts.brandId, brands),
              and(isNull(opsAuditLog.accountId), arrayOverlaps(operators.brandIds, brands)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(opsAuditLog.id))
    .limit(opts.limit);
  return rows.map(({ entry, operatorName }) => ({
    id: entry.id,
    time: entry.createdAt.toISOString(),
    action: entry.action,
    operatorId: entry.operatorId,
    operatorName,
    accountId: entry.accountId,
    angelId: entry.angelId,
    details: (entry.details ?? null) as Record<string, unknown> | null,
  }));
}

export function logOps(event: string, fields: Record<string, unknown>) {
  logEvent("info", `ops.${event}`, fields);
}
