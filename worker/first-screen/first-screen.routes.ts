import { createRoute } from "@hono/zod-openapi";
import { verifySession } from "../auth/session.service";
import { FirstScreenRequest, FirstScreenResponse } from "../contracts/first-screen";
import { Country } from "../contracts/locales";
import { featureApp, json, jsonBody } from "../core/openapi";
import { dispense, matchPage } from "../discovery/dispenser.service";
import { regionsOf } from "../geo/geo.service";

const firstScreen = createRoute({
  method: "post",
  path: "/api/first-screen",
  tags: ["auth"],
  summary: "Session start and the first screen's data in one call (asked while the app loads)",
  description:
    "verify is POST /users/verify's answer. Only with verify 1: the find page's first page (when `find` is sent), the match page's first stack (when `match` is), and the country's regions. The answer is private and never stored by a cache.",
  request: jsonBody(FirstScreenRequest),
  responses: {
    200: { description: "the session and the first screen's data", ...json(FirstScreenResponse) },
  },
});

export const firstScreenRoutes = featureApp().openapi(firstScreen, async (c) => {
  const { token, find, match } = c.req.valid("json");
  // A member's own data, asked with their token: no shared cache may keep it, nor the browser's.
  c.header("cache-control", "private, no-store");
  const { body, account } = await verifySession(c, token);
  const user = body.user;
  const country = Country.safeParse(user?.country);
  if (!account || !user || !country.success) return c.json({ verify: body }, 200);
  // The request the find page sends first (FindPage.tsx): the member's region, the stored city and page.
  const request = find
    ? {
        country: country.data,
        page: find.page,
        region: user.region,
        city: find.city ?? null,
        premiumLevel: user.premiumLevel,
        trackerId: user.clickid,
        preferred_age: user.preferred_age,
        cerco: user.cerco === "uomo" ? ("uomo" as const) : ("donna" as const),
        seed: find.seed,
      }
    : null;
  // The match page's first refill (use-match-stack.ts): page 1 of the member's own place.
  const matchRequest = match
    ? {
        country: country.data,
        page: 1,
        region: user.region,
        city: user.city,
        premiumLevel: user.premiumLevel,
        trackerId: user.clickid,
        preferred_age: user.preferred_age,
      }
    : null;
  const session = {
    accountId: account.id,
    clickid: account.clickid,
    sessionVersion: account.sessionVersion,
    brandId: c.var.brand.public.id,
  };
  const [answer, cards, regions] = await Promise.all([
    request ? dispense(c.var.config.database, c.var.brand, session, request) : null,
    matchRequest ? matchPage(c.var.config.database, c.var.brand, session, matchRequest) : null,
    regionsOf(c.var.db, country.data),
  ]);
  return c.json(
    {
      verify: body,
      regions,
      ...(request && answer ? { find: { request, answer } } : {}),
      ...(matchRequest && cards ? { match: { request: matchRequest, answer: cards } } : {}),
    },
    200,
  );
});
