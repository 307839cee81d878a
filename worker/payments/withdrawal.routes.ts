// The withdrawal function's two steps on the profile (EU Directive 2011/83 art. 11a): the member's purchases
// within the 14 days with what a withdrawal refunds, then the confirmation of one.
import { createRoute } from "@hono/zod-openapi";
import { sessionAccount } from "../auth/session.service";
import { WITHDRAWAL_DAYS, Withdrawable, WithdrawalConfirm, WithdrawalList } from "../contracts/withdrawal";
import { requireSession } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json, jsonBody } from "../core/openapi";
import { confirmWithdrawal, withdrawablePurchases } from "./withdrawal.service";

const common = { tags: ["payments"], security: bearerSecurity };

const list = createRoute({
  ...common,
  middleware: [requireSession] as const,
  method: "get",
  path: "/api/withdrawals",
  summary:
    "Step one: the purchases of the last 14 days (and those withdrawn from) with what withdrawing refunds",
  responses: {
    200: { description: "The purchases", ...json(WithdrawalList) },
    401: errorResponse("No valid session"),
  },
});

const confirm = createRoute({
  ...common,
  middleware: [requireSession] as const,
  method: "post",
  path: "/api/withdrawals",
  summary:
    "Step two: withdraw from a purchase; the acknowledgement is mailed at once and the refund made once",
  request: jsonBody(WithdrawalConfirm),
  responses: {
    200: {
      description: "Withdrawn (a repeated confirmation answers the same withdrawal)",
      ...json(Withdrawable),
    },
    400: errorResponse("invalid_input: paymentId"),
    401: errorResponse("No valid session"),
    404: errorResponse("not_found: no such purchase of this member"),
    409: errorResponse(
      "withdrawal_unavailable: the 14 days are over, the credits are used, or it was refunded",
    ),
  },
});

export const withdrawalRoutes = featureApp()
  .openapi(list, async (c) => {
    const account = await sessionAccount(c);
    const purchases = await withdrawablePurchases(c.var.db, account, new Date());
    return c.json({ purchases, days: WITHDRAWAL_DAYS }, 200);
  })
  .openapi(confirm, async (c) => c.json(await confirmWithdrawal(c, c.req.valid("json").paymentId), 200));
