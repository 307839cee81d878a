// The operator's session on the console: login (rate-limited like a member's), logout, who is signed in and
// the console's language.
import { createRoute, z } from "@hono/zod-openapi";
import { brandOf } from "../brands/registry";
import { Locale } from "../contracts/locales";
import { Operator, OperatorRole, OpsLoginRequest } from "../contracts/ops";
import { bearerSecurity, errorResponse, featureApp, json, jsonBody, OkResult } from "../core/openapi";
import { hashPassword, verifyPassword } from "../core/password";
import { beginLogin, clientIp } from "../ratelimit/rate-limit.service";
import { coveredBrands, coversAllBrands, requireOperator } from "./operator-auth";
import {
  audit,
  endOperatorSessions,
  type OperatorRow,
  operatorByEmail,
  setOperatorLanguage,
  setOperatorPassword,
} from "./ops.service";
import { opsErrors } from "./ops-errors";
import { signOperatorToken } from "./ops-token";

const publicOperator = (o: OperatorRow): z.infer<typeof Operator> => ({
  id: o.id,
  email: o.email,
  displayName: o.displayName,
  role: OperatorRole.parse(o.role),
  capacity: o.capacity,
  language: Locale.catch("en").parse(o.language),
  allBrands: coversAllBrands(o),
  brands: coveredBrands(o).map((id) => ({ id, title: brandOf(id).public.title })),
});

const login = createRoute({
  method: "post",
  path: "/ops/api/login",
  tags: ["ops"],
  summary: "Operator login (not a member session): an operator token for the console",
  request: jsonBody(OpsLoginRequest),
  responses: {
    200: { description: "Logged in", ...json(z.object({ token: z.string(), operator: Operator })) },
    401: errorResponse("wrong_credentials"),
    403: errorResponse("operator_disabled"),
    429: errorResponse("too_many_attempts"),
  },
});

const logout = createRoute({
  method: "post",
  path: "/ops/api/logout",
  tags: ["ops"],
  summary: "Ends every console session of the operator",
  security: bearerSecurity,
  middleware: [requireOperator] as const,
  responses: {
    200: { description: "Logged out", ...json(OkResult) },
    401: errorResponse("No operator token"),
  },
});

const me = createRoute({
  method: "get",
  path: "/ops/api/me",
  tags: ["ops"],
  summary: "The signed-in operator, with the brands they cover",
  security: bearerSecurity,
  middleware: [requireOperator] as const,
  responses: {
    200: { description: "The operator", ...json(Operator) },
    401: errorResponse("No operator token"),
  },
});

const setLanguage = createRoute({
  method: "put",
  path: "/ops/api/me/language",
  tags: ["ops"],
  summary: "The console's language for this operator",
  security: bearerSecurity,
  middleware: [requireOperator] as const,
  request: jsonBody(z.object({ language: Locale })),
  responses: {
    401: errorResponse("No operator token, or it has ended"),
    200: { description: "Saved", ...json(Operator) },
  },
});

const operatorKey = (id: number) => `operator:${id}`;

export const operatorSessionRoutes = featureApp()
  .openapi(login, async (c) => {
    const { email, password } = c.req.valid("json");
    const ip = clientIp(c.req.raw);
    const operator = await operatorByEmail(c.var.db, email);
    // Counted before any hashing and throttled, as for members (worker/auth/login.service.ts).
    const attempt = await beginLogin(c.env, ip, operator ? operatorKey(operator.id) : null);
    if (!attempt.allowed) throw opsErrors.tooManyFailures(attempt.retryAfterMs);
    const { valid, needsRehash } = await verifyPassword(password, operator?.passwordHash ?? null);
    if (!operator || !valid) throw opsErrors.wrongCredentials();
    if (operator.disabled) throw opsErrors.disabled();
    await attempt.succeeded();
    if (needsRehash) {
      await setOperatorPassword(c.var.db, operator.id, await hashPassword(password));
    }
    await audit(c.var.db, { operatorId: operator.id, action: "login" });
    const token = await signOperatorToken(c.var.config.jwtSecret, {
      operatorId: operator.id,
      sessionVersion: operator.sessionVersion,
    });
    return c.json({ token, operator: publicOperator(operator) }, 200);
  })
  .openapi(logout, async (c) => {
    const operator = c.var.operator;
    await endOperatorSessions(c.var.db, operator.id);
    await audit(c.var.db, { operatorId: operator.id, action: "logout" });
    return c.json({ result: "OK" as const }, 200);
  })
  .openapi(me, (c) => c.json(publicOperator(c.var.operator), 200))
  .openapi(setLanguage, async (c) => {
    const operator = c.var.operator;
    const { language } = c.req.valid("json");
    await setOperatorLanguage(c.var.db, operator.id, language);
    return c.json(publicOperator({ ...operator, language }), 200);
  });
