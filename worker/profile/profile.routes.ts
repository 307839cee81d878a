// The own profile. PUT /api/users/{clickid} takes one of the spec's forms (the set-region popup's region
// and city now; the profile form and the preferred age later): each form is a section that checks its
// fields and returns the columns to write, and the route writes them all in one update.
import { createRoute, z } from "@hono/zod-openapi";
import { and, eq, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { cities, regions } from "../../drizzle/schema/geo";
import { type Account, sessionUser } from "../auth/auth.service";
import { sessionAccount } from "../auth/session.service";
import { SessionUser } from "../contracts/auth";
import type { Db } from "../core/db";
import { AppError, forbidden, unauthorized } from "../core/errors";
import { requireSession } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json } from "../core/openapi";

const ProfileUpdate = z.object({
  /** Region code of the brand's country, as listed by GET /api/get/regions/{country}. */
  region: z.string().trim().min(1).max(80).optional(),
  /** A city of that region (of the member's current region when no region is sent); any case. */
  city: z.string().trim().min(1).max(120).optional(),
  servizio: z.string().max(253).optional(),
});
type ProfileUpdate = z.infer<typeof ProfileUpdate>;
type AccountChanges = Partial<typeof accounts.$inferInsert>;

const invalid = (field: string, messageKey: string, message: string) =>
  new AppError(400, "invalid_input", message, { field, messageKey });

/** Region and city (the set-region popup): a region clears a city of another region. */
async function placeChanges(db: Db, account: Account, body: ProfileUpdate): Promise<AccountChanges> {
  if (body.region === undefined && body.city === undefined) return {};
  let region = account.region;
  const changes: AccountChanges = {};
  if (body.region !== undefined) {
    const [row] = await db
      .select({ code: regions.code })
      .from(regions)
      .where(and(eq(regions.country, account.country), eq(regions.code, body.region)));
    if (!row) throw invalid("region", "errore_citta", "Unknown region");
    region = row.code;
    changes.region = row.code;
    if (row.code !== account.region) Object.assign(changes, { city: null, provincia: null });
  }
  if (body.city !== undefined) {
    if (!region) throw invalid("region", "errore_citta", "Choose a region first");
    const [row] = await db
      .select({ name: cities.name, province: cities.province })
      .from(cities)
      .where(
        and(
          eq(cities.country, account.country),
          eq(cities.region, region),
          sql`lower(${cities.name}) = ${body.city.toLowerCase()}`,
        ),
      );
    if (!row) throw invalid("city", "citta_non_trovata", "City not found in this region");
    Object.assign(changes, { city: row.name, provincia: row.province });
  }
  return changes;
}

const updateProfile = createRoute({
  method: "put",
  path: "/api/users/{clickid}",
  tags: ["profile"],
  summary: "Update the own profile (now: region and city, from the set-region popup)",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: {
    params: z.object({ clickid: z.string().max(64) }),
    body: { ...json(ProfileUpdate), required: true },
  },
  responses: {
    200: { description: "Updated", ...json(z.object({ result: z.literal("OK"), user: SessionUser })) },
    400: errorResponse(
      "invalid_input naming the field: region (errore_citta), city (citta_non_trovata), body",
    ),
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
  },
});

export const profileRoutes = featureApp().openapi(updateProfile, async (c) => {
  if (c.req.valid("param").clickid !== c.var.session.clickid) throw forbidden();
  const account = await sessionAccount(c);
  if (account.brandId !== c.var.brand.public.id) throw unauthorized();
  const body = c.req.valid("json");
  const changes: AccountChanges = { ...(await placeChanges(c.var.db, account, body)) };
  if (Object.keys(changes).length === 0) {
    throw new AppError(400, "invalid_input", "Nothing to update", { field: "body" });
  }
  const [updated] = await c.var.db
    .update(accounts)
    .set(changes)
    .where(eq(accounts.id, account.id))
    .returning();
  return c.json({ result: "OK" as const, user: sessionUser(updated ?? account) }, 200);
});
