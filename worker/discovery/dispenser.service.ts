import { and, asc, count, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { angels } from "../../drizzle/schema/angels";
import { messages } from "../../drizzle/schema/chat";
import type { Brand } from "../brands/brand";
import { type AngelCard, DISPENSER_PAGE_SIZE, type DispenserRequest } from "../contracts/discovery";
import type { Db } from "../core/db";

/** A 31-bit number from the client's seed: XORed into each angel's shuffle key to reorder them. */
export function seedNumber(seed: string | number | undefined): number {
  const text = String(seed ?? "0");
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) & 0x7fffffff;
}

export function photoUrl(brand: Brand, angelCountry: string, id: number): string {
  const folder = brand.public.cartella_foto_default.replace(/-[a-z]{2}$/, `-${angelCountry}`);
  return `/${folder}/${id}.jpg`;
}

type AngelRow = typeof angels.$inferSelect;

export function angelCard(brand: Brand, a: AngelRow, chat: boolean): AngelCard {
  return {
    id: a.id,
    _id: a.id.toString(16).padStart(24, "0"),
    screenName: a.screenName,
    about: a.about,
    age: a.age,
    gender: a.gender,
    hair_color: a.hairColor,
    height: a.height,
    weight: a.weight,
    description: a.description,
    default_photo: photoUrl(brand, a.country, a.id),
    region: a.region,
    city: a.city,
    relation: { chat },
  };
}

function filters(req: DispenserRequest): SQL {
  const where = [eq(angels.country, req.country), eq(angels.gender, req.cerco)];
  if (req.city) where.push(eq(angels.city, req.city));
  else if (req.region) where.push(eq(angels.region, req.region));
  if (req.preferred_age) {
    const [min, max] = req.preferred_age.split("-").map(Number);
    where.push(gte(angels.age, min ?? 18), lte(angels.age, max ?? 99));
  }
  return and(...where) as SQL;
}

/**
 * One page of angels for the member, in a stable shuffle by the seed (pages never repeat or skip an angel
 * while the seed lives), with the real total.
 */
export async function dispense(db: Db, brand: Brand, accountId: number, req: DispenserRequest) {
  const where = filters(req);
  const seed = seedNumber(req.seed);
  const offset = (req.page - 1) * DISPENSER_PAGE_SIZE;
  const [rows, totals] = await Promise.all([
    db
      .select({
        angel: angels,
        chat: sql<boolean>`exists (select 1 from ${messages} where ${messages.accountId} = ${accountId} and ${messages.angelId} = ${angels.id})`,
      })
      .from(angels)
      .where(where)
      .orderBy(sql`(${angels.shuffleKey} # ${seed})`, asc(angels.id))
      .limit(DISPENSER_PAGE_SIZE)
      .offset(offset),
    db.select({ n: count() }).from(angels).where(where),
  ]);
  return {
    profili: rows.map((r) => angelCard(brand, r.angel, r.chat)),
    totali: totals[0]?.n ?? 0,
  };
}

export async function angelById(db: Db, id: number): Promise<AngelRow | undefined> {
  const [row] = await db.select().from(angels).where(eq(angels.id, id));
  return row;
}
