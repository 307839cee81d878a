import { createRoute, z } from "@hono/zod-openapi";
import { CITY_SEARCH_MIN_CHARS, CITY_SUGGESTIONS_MAX, City, Region } from "../contracts/discovery";
import { Country } from "../contracts/locales";
import { featureApp } from "../core/openapi";
import { citiesOf, citySuggestions, regionsOf } from "./geo.service";

// Regions and cities change with a deploy of the seed, not during the day.
const CACHE = "public, max-age=3600";

const regionList = createRoute({
  method: "get",
  path: "/api/get/regions/{country}",
  tags: ["geo"],
  summary: "The regions of a country",
  request: { params: z.object({ country: Country }) },
  responses: {
    200: { description: "regions by name", content: { "application/json": { schema: z.array(Region) } } },
  },
});

const cityList = createRoute({
  method: "get",
  path: "/api/get/cities/{country}",
  tags: ["geo"],
  summary: "The cities of a country (city_title, state_title = the region's name, region = its code)",
  request: { params: z.object({ country: Country }) },
  responses: {
    200: { description: "cities by name", content: { "application/json": { schema: z.array(City) } } },
  },
});

const citySearch = createRoute({
  method: "get",
  path: "/api/get/city/{country}/{text}",
  tags: ["geo"],
  summary: "City suggestions for the autocomplete",
  description: `At least ${CITY_SEARCH_MIN_CHARS} characters (else 400). Case and accents do not matter. Names that start with the text come first, then names with a word that starts with it, then names that contain it; shorter names first; at most ${CITY_SUGGESTIONS_MAX}.`,
  request: {
    params: z.object({ country: Country, text: z.string().trim().min(CITY_SEARCH_MIN_CHARS).max(80) }),
  },
  responses: {
    200: {
      description: "suggestions, best first",
      content: { "application/json": { schema: z.array(City) } },
    },
    400: { description: "fewer than 3 characters" },
  },
});

export const geoRoutes = featureApp()
  .openapi(regionList, async (c) => {
    const { country } = c.req.valid("param");
    const rows = await regionsOf(c.var.db, country);
    c.header("cache-control", CACHE);
    return c.json(rows, 200);
  })
  .openapi(cityList, async (c) => {
    const { country } = c.req.valid("param");
    const rows = await citiesOf(c.var.db, country);
    c.header("cache-control", CACHE);
    return c.json(rows, 200);
  })
  .openapi(citySearch, async (c) => {
    const { country, text } = c.req.valid("param");
    const rows = await citySuggestions(c.var.db, country, text);
    c.header("cache-control", CACHE);
    return c.json(rows, 200);
  });
