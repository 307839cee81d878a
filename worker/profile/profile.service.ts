// The profile's writes and the places it checks a region or city against.
import { and, eq, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { cities, regions } from "../../drizzle/schema/geo";
import type { Account } from "../auth/auth.service";
import type { Db } from "../core/db";
import { pgCode } from "../core/db-errors";

export type AccountChanges = Partial<typeof accounts.$inferInsert>;

export async function regionOfCountry(db: Db, country: string, code: string) {
  const [row] = await db
    .select({ code: regions.code })
    .from(regions)
    .where(and(eq(regions.country, country), eq(regions.code, code)));
  return row ?? null;
}

/** A city of the region, named in any case. */
export async function cityOfRegion(db: Db, country: string, region: string, name: string) {
  const [row] = await db
    .select({ name: cities.name, province: cities.province })
    .from(cities)
    .where(
      and(
        eq(cities.country, country),
        eq(cities.region, region),
        sql`lower(${cities.name}) = ${name.toLowerCase()}`,
      ),
    );
  return row ?? null;
}

export async function updateAccount(db: Db, accountId: number, changes: AccountChanges) {
  const [updated] = await db.update(accounts).set(changes).where(eq(accounts.id, accountId)).returning();
  return updated;
}

export async function setNotificationPreferences(
  db: Db,
  accountId: number,
  channels: { email: boolean; telegram: boolean; push: boolean },
) {
  await db
    .update(accounts)
    .set({ notifyEmail: channels.email, notifyTelegram: channels.telegram, notifyPush: channels.push })
    .where(eq(accounts.id, accountId));
}

/** The verified number, or "taken" when another account of the brand holds it (the unique index). */
export async function markPhoneVerified(
  db: Db,
  accountId: number,
  phone: string,
): Promise<Account | undefined | "taken"> {
  try {
    const [updated] = await db
      .update(accounts)
      .set({ phone, verifiedUser: true })
      .where(eq(accounts.id, accountId))
      .returning();
    return updated;
  } catch (error) {
    if (pgCode(error) === "23505") return "taken";
    throw error;
  }
}
