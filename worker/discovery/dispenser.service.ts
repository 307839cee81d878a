// The dispenser: pages of angels for the find grid, the match stack and the region totals.
//
// Each call is one SQL statement, so one round trip to the database: it checks the session (the same
// condition as requireSession), resolves the place the member may see, reads the page and returns it with
// the real total. The order is stored, not sorted per call: each angel carries ORDERS stored ranks (its
// shuffle_key and three bijections of it, drizzle/schema/angels.ts), each in an index per kind of place.
// A seed picks one of them and a pivot in it, and its order is the ranks from the pivot up, then the ranks
// below it (ties broken by id): a fixed total order of the place's angels, so pages never repeat or skip
// one, a new angel simply has its place in it, and another seed gives another order. A page is then two
// range scans of one index, each stopped after offset + 5 rows, and the total is a sum from angel_counts:
// neither grows with the place.

import { eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { accounts } from "../../drizzle/schema/accounts";
import { angelCounts, angels } from "../../drizzle/schema/angels";
import type { Brand } from "../brands/brand";
import {
  type AngelCard,
  DISPENSER_PAGE_SIZE,
  type DispenserRequest,
  type DispenserResponse,
  type MatchRequest,
  type TotalRegionRequest,
} from "../contracts/discovery";
import { angelPhotoUrl } from "../contracts/photos";
import { type DatabaseConfig, type Db, httpQuery } from "../core/db";
import { liveSession, type UncheckedSession } from "../core/middleware";
import { type Prepared, prepareStatement, slot, statementFunction, valuesOf } from "../core/prepared";
import { ORDERS, type PageStatement, pageSql, seedNumber, seedOrder } from "./page-statement";

type AngelRow = typeof angels.$inferSelect;
type CardFields = Pick<
  AngelRow,
  | "id"
  | "country"
  | "region"
  | "city"
  | "gender"
  | "screenName"
  | "about"
  | "description"
  | "age"
  | "hairColor"
  | "height"
  | "weight"
>;

export function angelCard(brand: Brand, a: CardFields, chat: boolean): AngelCard {
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
    default_photo: angelPhotoUrl(brand.public, a.country, a.id),
    region: a.region,
    city: a.city,
    relation: { chat },
  };
}

/** The age bounds of a preferred_age option, both included; any age without one. */
function ageBounds(preferred: string | null | undefined): [number, number] {
  if (!preferred) return [0, 1000];
  const [min, max] = preferred.split("-").map(Number);
  return [min ?? 0, max ?? 1000];
}

const PageRow = z.object({
  live: z.boolean(),
  served_region: z.string().nullable(),
  served_city: z.string().nullable(),
  refused: z.boolean(),
  total: z.number().int(),
  id: z.number().int().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  gender: z.string().nullable(),
  screen_name: z.string().nullable(),
  about: z.string().nullable(),
  description: z.string().nullable(),
  age: z.number().int().nullable(),
  hair_color: z.string().nullable(),
  height: z.number().int().nullable(),
  weight: z.number().int().nullable(),
  chat: z.boolean(),
});
/** Built once: zod 4 spends more building a schema than parsing a page with it. */
const PageRows = z.array(PageRow);

interface Page {
  cards: AngelCard[];
  total: number;
  region: string | null;
  city: string | null;
  refused: boolean;
}

const preparedPages = new Map<string, Prepared>();

/** The page statement of one stored order, for find or match, with a city asked or not (16 in all). */
export function preparedPage(order: number, excludeSeen: boolean, cityAsked: boolean): Prepared {
  const key = `${order}:${excludeSeen}:${cityAsked}`;
  let prepared = preparedPages.get(key);
  if (!prepared) {
    prepared = prepareStatement(
      pageSql({
        session: {
          accountId: slot("accountId"),
          clickid: "",
          sessionVersion: slot("sessionVersion"),
          brandId: slot("brandId"),
        },
        country: slot("country"),
        region: slot("region"),
        city: slot("city"),
        gender: slot("gender"),
        ages: [slot("ageMin"), slot("ageMax")],
        seed: 0,
        offset: slot("offset"),
        limit: slot("limit"),
        excludeSeen,
        order,
        pivot: slot("pivot"),
        reach: slot("reach"),
        cityAsked,
      }),
      "the dispenser's",
    );
    preparedPages.set(key, prepared);
  }
  return prepared;
}

/** The values of a page statement's placeholders. */
export function pageParams(q: PageStatement): unknown[] {
  const { order, pivot } = seedOrder(q.seed);
  return valuesOf(preparedPage(order, q.excludeSeen ?? false, q.city !== null), {
    accountId: q.session.accountId,
    sessionVersion: q.session.sessionVersion,
    brandId: q.session.brandId,
    country: q.country,
    region: q.region,
    city: q.city,
    gender: q.gender,
    ageMin: q.ages[0],
    ageMax: q.ages[1],
    offset: q.offset,
    limit: q.limit,
    pivot,
    reach: q.offset + q.limit,
  });
}

/** The Postgres type of each placeholder of the page statement (the function's parameters). */
const PARAM_TYPES: Record<string, string> = {
  accountId: "bigint",
  sessionVersion: "integer",
  brandId: "text",
  country: "text",
  region: "text",
  city: "text",
  gender: "text",
  ageMin: "integer",
  ageMax: "integer",
  offset: "integer",
  limit: "integer",
  pivot: "integer",
  reach: "integer",
};

/** The columns the page statement returns, as the function declares them. */
const PAGE_COLUMNS = `live boolean, served_region text, served_city text, refused boolean, total integer,
  id integer, country text, region text, city text, gender text, screen_name text, about text,
  description text, age integer, hair_color text, height integer, weight integer, chat boolean`;

/**
 * The page statement of one shape as a PL/pgSQL function (migrations/0014_dispenser_functions.sql, made by
 * scripts/statement-functions.ts from this): each pooled session plans each shape once instead of on every
 * call, which cost Postgres more than running it (docs/benchmarks.md). The plan is the generic one (no
 * values), which the Worker test "the dispenser's queries" checks.
 */
export function pageFunction(order: number, excludeSeen: boolean, cityAsked: boolean) {
  const name = `dispenser_page_${order}_${excludeSeen ? "match" : "find"}_${cityAsked ? "city" : "region"}`;
  return statementFunction(name, preparedPage(order, excludeSeen, cityAsked), {
    types: PARAM_TYPES,
    returns: PAGE_COLUMNS,
    volatility: "STABLE",
    what: "the dispenser's",
  });
}

/** Every shape's function, in a fixed order (the migration's). */
export function pageFunctions() {
  const out: ReturnType<typeof pageFunction>[] = [];
  for (let order = 0; order < ORDERS.length; order++)
    for (const excludeSeen of [false, true])
      for (const cityAsked of [false, true]) out.push(pageFunction(order, excludeSeen, cityAsked));
  return out;
}

const pageCalls = new Map<string, string>();

/** The call of one shape's function, made once per isolate (its definition is long text to rebuild per request). */
function pageCall(order: number, excludeSeen: boolean, cityAsked: boolean): string {
  const key = `${order}:${excludeSeen}:${cityAsked}`;
  let call = pageCalls.get(key);
  if (call === undefined) {
    call = pageFunction(order, excludeSeen, cityAsked).call;
    pageCalls.set(key, call);
  }
  return call;
}

/**
 * Runs the page statement, through its function, over the isolate's HTTP client (one fetch, no Pool); null when the session is
 * not live (the route answers 401).
 */
async function runPage(database: DatabaseConfig, brand: Brand, q: PageStatement): Promise<Page | null> {
  const { order } = seedOrder(q.seed);
  const call = pageCall(order, q.excludeSeen ?? false, q.city !== null);
  const result = await httpQuery(database)(call, pageParams(q));
  const rows = PageRows.parse(result.rows);
  const first = rows[0];
  if (!first?.live) return null;
  const cards: AngelCard[] = [];
  for (const r of rows) {
    if (r.id === null) continue;
    cards.push(
      angelCard(
        brand,
        {
          id: r.id,
          country: r.country ?? "",
          region: r.region ?? "",
          city: r.city ?? "",
          gender: r.gender ?? "",
          screenName: r.screen_name ?? "",
          about: r.about ?? "",
          description: r.description ?? "",
          age: r.age ?? 0,
          hairColor: r.hair_color ?? "",
          height: r.height ?? 0,
          weight: r.weight ?? 0,
        },
        r.chat,
      ),
    );
  }
  return {
    cards,
    total: first.total,
    region: first.served_region,
    city: first.served_city,
    refused: first.refused,
  };
}

const offsetOf = (page: number) => (page - 1) * DISPENSER_PAGE_SIZE;
const nullIfEmpty = (text: string | null | undefined) => (text ? text : null);

/**
 * One page of the find grid in the seed's order, with the real total of the place; null when the session
 * is not live. Only angels of the brand's country: a request naming another country finds none.
 */
export async function dispense(
  database: DatabaseConfig,
  brand: Brand,
  session: UncheckedSession,
  req: DispenserRequest,
): Promise<DispenserResponse | null> {
  const page = await runPage(database, brand, {
    session,
    country: req.country === brand.public.country ? brand.public.country : null,
    region: nullIfEmpty(req.region),
    city: nullIfEmpty(req.city),
    gender: req.cerco ?? null,
    ages: ageBounds(req.preferred_age),
    seed: seedNumber(req.seed),
    offset: offsetOf(req.page),
    limit: DISPENSER_PAGE_SIZE,
  });
  if (!page) return null;
  return {
    profili: page.cards,
    totali: page.total,
    region: page.region,
    city: page.city,
    ...(page.refused ? { hook: "cambia_regione" as const } : {}),
  };
}

/**
 * The swipe stack's next page: the place's angels the member has not liked yet, in an order of the
 * member's own (stable across visits, different between members). Pages count over the angels left, so a
 * client that refills after swipes were recorded may see a card again and should skip ids it holds.
 */
export async function matchPage(
  database: DatabaseConfig,
  brand: Brand,
  session: UncheckedSession,
  req: MatchRequest,
): Promise<AngelCard[] | null> {
  const page = await runPage(database, brand, {
    session,
    country: req.country === brand.public.country ? brand.public.country : null,
    region: nullIfEmpty(req.region),
    city: nullIfEmpty(req.city),
    gender: null,
    ages: ageBounds(req.preferred_age),
    seed: seedNumber(`match:${session.accountId}`),
    offset: offsetOf(req.page),
    limit: DISPENSER_PAGE_SIZE,
    excludeSeen: true,
  });
  return page ? page.cards : null;
}

const TotalRows = z.array(z.object({ live: z.boolean(), total: z.number().int() }));

/** The region total's one statement (exported for the query-plan test). */
export function regionTotalStatement(session: UncheckedSession, country: string | null, region: string): SQL {
  return sql`with me as (
      select ${accounts.seeking} as cerco from ${accounts} where ${liveSession(session)}
    )
    select exists (select 1 from me) as live,
      (select coalesce(sum(${angelCounts.n}), 0) from ${angelCounts} where ${angelCounts.country} = ${country}::text
        and ${angelCounts.gender} = (select cerco from me) and ${angelCounts.placeKind} = 'region'
        and ${angelCounts.place} = ${region}::text)::int as total`;
}

/**
 * The real number of angels of the member's cerco in a region of the brand's country (any region: it is a
 * count, which the change-region popup may show); null when the session is not live.
 */
export async function regionTotal(
  db: Db,
  brand: Brand,
  session: UncheckedSession,
  req: TotalRegionRequest,
): Promise<number | null> {
  const country = req.country === brand.public.country ? brand.public.country : null;
  const result = await db.execute(regionTotalStatement(session, country, req.region));
  const [row] = TotalRows.parse(result.rows);
  return row?.live ? row.total : null;
}

export async function angelById(db: Db, id: number): Promise<AngelRow | undefined> {
  const [row] = await db.select().from(angels).where(eq(angels.id, id));
  return row;
}
