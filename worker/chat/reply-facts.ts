// What an angel's reply to the member is made from, read in one statement: the account (brand, flow, name,
// who may read a blurred reply), the flow's config, the angel's persona, the conversation's last lines and
// how many angel replies it already has.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_FLUX_ID, FlowConfig, type PublicFlow } from "../contracts/flow";
import type { Db } from "../core/db";
import { type AngelPersona, personaOf } from "./angel-persona";
import type { Reader } from "./blurred";

/** How many earlier lines of a conversation a reply remembers. */
export const REPLY_MEMORY_LINES = 40;

const Line = z.object({ id: z.coerce.number(), type: z.string(), msg: z.string(), time: z.string() });
export type FactLine = z.infer<typeof Line>;

const FactsRow = z.object({
  account_id: z.coerce.number(),
  brand_id: z.string(),
  username: z.string().nullable(),
  premium_level: z.coerce.number(),
  verified_user: z.boolean(),
  flow: z.object({ flux_id: z.string(), config: z.unknown() }).nullable(),
  angel: z
    .object({
      id: z.coerce.number(),
      screenName: z.string(),
      city: z.string(),
      age: z.coerce.number(),
      gender: z.string(),
      about: z.string(),
      description: z.string(),
    })
    .nullable(),
  lines: z.array(Line),
  earlier: z.coerce.number(),
});

export interface ReplyFacts extends Reader {
  accountId: number;
  brandId: string;
  username: string | null;
  flow: PublicFlow;
  angel: AngelPersona | null;
  /** The conversation's last lines, oldest first (the member's message `exceptId` left out). */
  lines: FactLine[];
  /** Angel replies already in the conversation (a first one is never blurred). */
  earlierAngelReplies: number;
}

/**
 * The facts of one statement (the database's JSON parsed, not trusted); null for an unknown member. Lines
 * are in time order with ids breaking ties; a reply still waiting for its time is among them, last.
 */
export async function replyFacts(
  db: Db,
  input: { clickid: string; angelId: number; exceptId: number | null },
): Promise<ReplyFacts | null> {
  const { rows } = await db.execute(sql`
    select a.id as account_id, a.brand_id, a.username, a.premium_level, a.verified_user,
      (select json_build_object('flux_id', f.flux_id, 'config', f.config) from flows f
        where f.flux_id in (coalesce(nullif(a.flux_id, ''), ${DEFAULT_FLUX_ID}), ${DEFAULT_FLUX_ID})
        order by f.flux_id = ${DEFAULT_FLUX_ID} limit 1) as flow,
      (select json_build_object('id', g.id, 'screenName', g.screen_name, 'city', g.city, 'age', g.age,
        'gender', g.gender, 'about', g.about, 'description', g.description)
        from angels g where g.id = ${input.angelId}) as angel,
      (select coalesce(json_agg(json_build_object('id', l.id, 'type', l.type, 'msg', l.msg, 'time', l.time)
        order by l.time, l.id), '[]'::json)
        from (select m.id, m.type, m.msg, m.time from messages m
          where m.account_id = a.id and m.angel_id = ${input.angelId} and m.type in ('personal', 'angel')
            and m.id is distinct from ${input.exceptId}::bigint
          order by m.time desc, m.id desc limit ${REPLY_MEMORY_LINES}) l) as lines,
      (select count(*) from messages m
        where m.account_id = a.id and m.angel_id = ${input.angelId} and m.type = 'angel') as earlier
    from accounts a where a.clickid = ${input.clickid}`);
  if (!rows[0]) return null;
  const row = FactsRow.parse(rows[0]);
  if (!row.flow) throw new Error(`flow ${DEFAULT_FLUX_ID} is missing: run the seed`);
  return {
    accountId: row.account_id,
    brandId: row.brand_id,
    username: row.username,
    premiumLevel: row.premium_level,
    verifiedUser: row.verified_user,
    flow: { ...FlowConfig.parse(row.flow.config), fluxId: row.flow.flux_id },
    angel: row.angel ? personaOf(row.angel) : null,
    lines: row.lines,
    earlierAngelReplies: row.earlier,
  };
}
