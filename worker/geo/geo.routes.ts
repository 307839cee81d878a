import { createRoute, z } from "@hono/zod-openapi";
import { asc, eq } from "drizzle-orm";
import { regions } from "../../drizzle/schema/geo";
import { Country } from "../contracts/locales";
import { featureApp } from "../core/openapi";

const regionList = createRoute({
  method: "get",
  path: "/api/get/regions/{country}",
  tags: ["geo"],
  summary: "The regions of a country",
  request: { params: z.object({ country: Country }) },
  responses: {
    200: {
      description: "regions by name",
      content: { "application/json": { schema: z.array(z.object({ code: z.string(), name: z.string() })) } },
    },
  },
});

export const geoRoutes = featureApp().openapi(regionList, async (c) => {
  const { country } = c.req.valid("param");
  const rows = await c.var.db
    .select({ code: regions.code, name: regions.name })
    .from(regions)
    .where(eq(regions.country, country))
    .orderBy(asc(regions.name));
  c.header("cache-control", "public, max-age=3600");
  return c.json(rows, 200);
});
