// POST /api/users/{clickid}/phone: the member enters a mobile number, which verifies the member (the
// spec's verifiedUser): chat and like events are allowed from then on, and blurred replies become readable.
import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { sessionUser } from "../auth/auth.service";
import { sessionAccount } from "../auth/session.service";
import { SessionUser } from "../contracts/auth";
import { Country } from "../contracts/locales";
import { AppError, forbidden, unauthorized } from "../core/errors";
import { requireSession } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json } from "../core/openapi";
import { marketMobile } from "./phone";

export const PhoneRequest = z.object({
  /** A mobile number of the brand's market, with or without its international prefix. */
  phone: z.string().trim().min(6).max(32),
});

const verifyPhone = createRoute({
  method: "post",
  path: "/api/users/{clickid}/phone",
  tags: ["profile"],
  summary: "Verify the member by a mobile number of the brand's market (stored in E.164)",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: {
    params: z.object({ clickid: z.string().max(64) }),
    body: { ...json(PhoneRequest), required: true },
  },
  responses: {
    200: {
      description: "Verified",
      ...json(z.object({ result: z.literal("OK"), phone: z.string(), user: SessionUser })),
    },
    400: errorResponse("invalid_input on phone (errore_telefono)"),
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
  },
});

export const phoneRoutes = featureApp().openapi(verifyPhone, async (c) => {
  if (c.req.valid("param").clickid !== c.var.session.clickid) throw forbidden();
  const account = await sessionAccount(c);
  if (account.brandId !== c.var.brand.public.id) throw unauthorized();
  const market = Country.parse(c.var.brand.public.country);
  const phone = marketMobile(market, c.req.valid("json").phone);
  if (!phone) {
    throw new AppError(400, "invalid_input", "Not a mobile number of this market", {
      field: "phone",
      messageKey: "errore_telefono",
    });
  }
  const [updated] = await c.var.db
    .update(accounts)
    .set({ phone, verifiedUser: true })
    .where(eq(accounts.id, account.id))
    .returning();
  return c.json({ result: "OK" as const, phone, user: sessionUser(updated ?? account) }, 200);
});
