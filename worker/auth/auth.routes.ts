import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { SignupRequest, VerifyRequest } from "../contracts/auth";
import { loadFlow } from "../core/flows";
import { featureApp } from "../core/openapi";
import { signToken, verifyToken } from "../core/tokens";
import { registerAccount } from "./auth.service";

const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    messageKey: z.string().optional(),
  }),
});

const SessionUser = z.object({
  clickid: z.string(),
  email: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  cerco: z.string(),
  fluxId: z.string(),
  premiumLevel: z.number(),
  creditiMessaggi: z.number(),
  creditiIcebreaker: z.number(),
  creditiLike: z.number(),
  valoreMessaggio: z.number(),
  confirmed_email: z.boolean(),
  verifiedUser: z.boolean(),
});

function sessionUser(a: typeof accounts.$inferSelect): z.infer<typeof SessionUser> {
  return {
    clickid: a.clickid,
    email: a.email,
    country: a.country,
    region: a.region,
    city: a.city,
    cerco: a.cerco,
    fluxId: a.fluxId,
    premiumLevel: a.premiumLevel,
    creditiMessaggi: a.creditiMessaggi,
    creditiIcebreaker: a.creditiIcebreaker,
    creditiLike: a.creditiLike,
    valoreMessaggio: a.valoreMessaggio,
    confirmed_email: a.confirmedEmail,
    verifiedUser: a.verifiedUser,
  };
}

const register = createRoute({
  method: "post",
  path: "/users/register",
  tags: ["auth"],
  summary: "Sign up with e-mail and password",
  request: { body: { content: { "application/json": { schema: SignupRequest } }, required: true } },
  responses: {
    200: {
      description: "Signed up; the token authorises later calls",
      content: {
        "application/json": {
          schema: z.object({
            result: z.literal("OK"),
            token: z.string(),
            clickid: z.string(),
            user: SessionUser,
            flusso: z.object({ optin: z.string() }),
          }),
        },
      },
    },
    400: {
      description: "A field is invalid (code 1004 for the e-mail)",
      content: { "application/json": { schema: ErrorBody } },
    },
    409: {
      description: "E-mail already registered (code 1000)",
      content: { "application/json": { schema: ErrorBody } },
    },
  },
});

const verify = createRoute({
  method: "post",
  path: "/users/verify",
  tags: ["auth"],
  summary: "Verify a stored session token at session start",
  request: { body: { content: { "application/json": { schema: VerifyRequest } }, required: true } },
  responses: {
    200: {
      description: "verify 1 with the member, or verify 0 (and error for a disabled account)",
      content: {
        "application/json": {
          schema: z.object({
            verify: z.union([z.literal(0), z.literal(1)]),
            error: z.string().optional(),
            token: z.string().optional(),
            clickid: z.string().optional(),
            source: z.string().optional(),
            country: z.string().optional(),
            fluxId: z.string().optional(),
            confirmed_email: z.boolean().optional(),
            email: z.string().optional(),
            region: z.string().nullable().optional(),
            regalo_messaggi: z.number().nullable().optional(),
            user: SessionUser.optional(),
            flusso: z.object({ optin: z.string(), messaggi_inviti: z.boolean() }).optional(),
          }),
        },
      },
    },
  },
});

export const authRoutes = featureApp()
  .openapi(register, async (c) => {
    const { utente } = c.req.valid("json");
    const flow = await loadFlow(c.var.db, utente.fluxId);
    const account = await registerAccount(c.var.db, c.var.brand, flow, utente);
    const token = await signToken(c.env.JWT_SECRET, "session", {
      accountId: account.id,
      clickid: account.clickid,
      sessionVersion: account.sessionVersion,
    });
    return c.json(
      {
        result: "OK" as const,
        token,
        clickid: account.clickid,
        user: sessionUser(account),
        flusso: { optin: flow.optin },
      },
      200,
    );
  })
  .openapi(verify, async (c) => {
    const { token } = c.req.valid("json");
    const claims = await verifyToken(c.env.JWT_SECRET, "session", token);
    if (!claims) return c.json({ verify: 0 as const }, 200);
    const [account] = await c.var.db.select().from(accounts).where(eq(accounts.id, claims.accountId));
    if (
      !account ||
      account.sessionVersion !== claims.sessionVersion ||
      account.brandId !== c.var.brand.public.id
    ) {
      return c.json({ verify: 0 as const }, 200);
    }
    if (account.disabled) return c.json({ verify: 0 as const, error: "1008" }, 200);
    const flow = await loadFlow(c.var.db, account.fluxId);
    return c.json(
      {
        verify: 1 as const,
        token,
        clickid: account.clickid,
        source: account.source,
        country: account.country,
        fluxId: account.fluxId,
        confirmed_email: account.confirmedEmail,
        email: account.email,
        region: account.region,
        regalo_messaggi: account.regaloMessaggi,
        user: sessionUser(account),
        flusso: { optin: flow.optin, messaggi_inviti: flow.messaggi_inviti },
      },
      200,
    );
  });
