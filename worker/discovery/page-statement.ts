// The dispenser's one statement: the seed's stored order, and the SQL that checks the session, resolves the
// place the member may see and reads a page of it with the real total (see dispenser.service.ts).
import { type SQL, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { angelCounts, angels } from "../../drizzle/schema/angels";
import { messages } from "../../drizzle/schema/chat";
import { dislikes, likes } from "../../drizzle/schema/engagement";
import { cities } from "../../drizzle/schema/geo";
import { liveSession, type UncheckedSession } from "../core/middleware";

/** A 31-bit number from the client's seed: it picks the stored order and the pivot in it. */
export function seedNumber(seed: string | number | undefined): number {
  const text = String(seed ?? "0");
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) & 0x7fffffff;
}

/** The stored orders, one rank column each (each with its region and city index). */
export const ORDERS = [angels.shuffleKey, angels.seedRank1, angels.seedRank2, angels.seedRank3] as const;

/** Where a seed's order starts: which stored order, and the rank the pages begin at. */
export function seedOrder(seed: number): { order: number; pivot: number } {
  // The order from the low bits, the pivot from a multiplicative hash of the rest (a 31-bit rank).
  return { order: seed % ORDERS.length, pivot: Math.imul(seed >>> 2, 0x9e3779b1) >>> 1 };
}

/**
 * The angels the match stack leaves out for a member: those the member liked (from find, a profile, a
 * swipe or an invite) or swiped away. Not run by itself: it is a subquery of the match page statement.
 */
function excludedFromMatch(accountId: number): SQL {
  return sql`select ${likes.angelId} from ${likes}
    where ${likes.accountId} = ${accountId}::bigint and ${likes.fromAngel} = false
    union select ${dislikes.angelId} from ${dislikes} where ${dislikes.accountId} = ${accountId}::bigint`;
}

export interface PageStatement {
  session: UncheckedSession;
  /** The brand's country, or null when the request named another one (nothing is found then). */
  country: string | null;
  region: string | null;
  city: string | null;
  /** The angels' gender; the member's cerco when null. */
  gender: string | null;
  ages: [number, number];
  seed: number;
  offset: number;
  limit: number;
  /** Leave out the angels the member liked or swiped away (the match stack). */
  excludeSeen?: boolean;
}

/**
 * The dispenser's one statement (exported for the query-plan test). The place rule for the roles of the
 * spec (section 6, "other regions" for paid members): a paid member (premiumLevel above 0) sees the city
 * or the region asked, any of the brand's country, else their own region; a free member sees their own
 * region, or a city of it; asking another place serves their own region and sets `refused` (the client's
 * cambia_regione hook). A member with no region yet (e.g. a Google sign-up before the set-region popup)
 * gets the place asked. No place at all gives an empty page: the client asks for a region first.
 */
export function pageStatement(q: PageStatement): SQL {
  const { order, pivot } = seedOrder(q.seed);
  return pageSql({ ...q, order, pivot, reach: q.offset + q.limit, cityAsked: q.city !== null });
}

/** The page statement of one stored order; every value may be a placeholder (see `prepared`). */
export function pageSql(
  q: PageStatement & { order: number; pivot: number; reach: number; cityAsked: boolean },
): SQL {
  const { order, pivot, reach, cityAsked } = q;
  const rank = ORDERS[order] ?? angels.shuffleKey;
  const askedCity = sql`${q.city}::text`;
  const askedRegion = sql`${q.region}::text`;
  const cityOfOwnRegion = sql`exists (select 1 from ${cities} where ${cities.country} = ${q.country}::text
    and ${cities.name} = ${askedCity} and ${cities.region} = me.region)`;
  const chooses = sql`(me.premium_level > 0 or me.region is null)`;
  const exclude = q.excludeSeen
    ? sql` and ${angels.id} not in (${excludedFromMatch(q.session.accountId)})`
    : sql``;
  // reach: the rows the page needs from the order, those before it and its own. Past the total nothing is
  // read (a sparse preferred_age would otherwise scan the whole place to find nothing).
  const scan = (place: SQL, upper: boolean, limit: SQL) => sql`(select ${angels.id} as id, ${rank} as rank
    from ${angels}
    where ${angels.country} = ${q.country}::text and ${angels.gender} = (select gender from place) and ${place}
      and ${angels.age} between ${q.ages[0]}::int and ${q.ages[1]}::int
      and ${rank} ${upper ? sql`>=` : sql`<`} ${pivot}::int${exclude}
      and (select n from total) > ${q.offset}::int
    order by ${rank}, ${angels.id} limit ${limit})`;
  const inCity = sql`${angels.city} = (select city from place)`;
  const inRegion = cityAsked
    ? sql`${angels.region} = (select region from place) and (select city from place) is null`
    : sql`${angels.region} = (select region from place)`;
  // Without a city asked (the common request) the statement holds no city branch at all: less to plan.
  const both = (upper: boolean, limit: SQL) =>
    cityAsked
      ? sql`${scan(inCity, upper, limit)} union all ${scan(inRegion, upper, limit)}`
      : scan(inRegion, upper, limit);
  const placeCity = cityAsked
    ? sql`case when ${chooses} or ${cityOfOwnRegion} then ${askedCity} end`
    : sql`null::text`;
  const refusedCity = cityAsked ? sql`not ${cityOfOwnRegion}` : sql`false`;
  return sql`with me as (
    select ${accounts.id} as id, ${accounts.region} as region, ${accounts.seeking} as cerco,
      ${accounts.premiumLevel} as premium_level
    from ${accounts} where ${liveSession(q.session)}
  ), place as (
    select
      ${placeCity} as city,
      case when ${chooses} then coalesce(${askedRegion}, me.region) else me.region end as region,
      coalesce(${q.gender}::text, me.cerco) as gender,
      not ${chooses} and ${cityAsked ? refusedCity : sql`${askedRegion} is not null and ${askedRegion} <> me.region`} as refused
    from me
  ), total as (
    select coalesce(sum(${angelCounts.n}), 0)::int as n from ${angelCounts}
    where ${angelCounts.country} = ${q.country}::text and ${angelCounts.gender} = (select gender from place)
      and ${
        cityAsked
          ? sql`${angelCounts.placeKind} = case when (select city from place) is null then 'region' else 'city' end
      and ${angelCounts.place} = coalesce((select city from place), (select region from place))`
          : sql`${angelCounts.placeKind} = 'region' and ${angelCounts.place} = (select region from place)`
      }
      and ${angelCounts.age} between ${q.ages[0]}::int and ${q.ages[1]}::int
  ), upper as (
    ${both(true, sql`${reach}::int`)}
  ), lower as (
    ${both(false, sql`${reach}::int - (select count(*) from upper)`)}
  ), page as (
    -- The ranks from the pivot up, then those below it: the lower part is read only for what the upper
    -- one lacks, so at most offset + limit rows of the index in all.
    select id, part, rank from (select id, 0 as part, rank from upper
      union all select id, 1, rank from lower) as ranked
    order by part, rank, id limit ${q.limit}::int offset ${q.offset}::int
  )
  select exists (select 1 from me) as live,
    (select region from place) as served_region,
    (select city from place) as served_city,
    coalesce((select refused from place), false) as refused,
    (select n from total) as total,
    ${angels.id} as id, ${angels.country} as country, ${angels.region} as region, ${angels.city} as city,
    ${angels.gender} as gender, ${angels.screenName} as screen_name, ${angels.about} as about,
    ${angels.description} as description, ${angels.age} as age, ${angels.hairColor} as hair_color,
    ${angels.height} as height, ${angels.weight} as weight,
    exists (select 1 from ${messages} where ${messages.accountId} = ${q.session.accountId}::bigint
      and ${messages.angelId} = ${angels.id}) as chat
  from (select 1) as one
  left join (page join ${angels} on ${angels.id} = page.id) on true
  order by page.part, page.rank, page.id`;
}
