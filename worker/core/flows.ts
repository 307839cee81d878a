import { eq } from "drizzle-orm";
import { flows } from "../../drizzle/schema/flows";
import { DEFAULT_FLUX_ID, FlowConfig, type PublicFlow } from "../contracts/flow";
import type { Db } from "./db";

/** Loads a flow, falling back to the default flow for an unknown id; the JSON is parsed, not trusted. */
export async function loadFlow(db: Db, fluxId: string | null | undefined): Promise<PublicFlow> {
  const wanted = fluxId || DEFAULT_FLUX_ID;
  const rows = await db
    .select()
    .from(flows)
    .where(eq(flows.fluxId, wanted))
    .union(db.select().from(flows).where(eq(flows.fluxId, DEFAULT_FLUX_ID)));
  const row = rows.find((r) => r.fluxId === wanted) ?? rows[0];
  if (!row) throw new Error(`flow ${DEFAULT_FLUX_ID} is missing: run the seed`);
  return { ...FlowConfig.parse(row.config), fluxId: row.fluxId };
}
