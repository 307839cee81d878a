// The console's money view: a member's orders, payments, subscriptions and ledger (operators and supervisors),
// the member search and the refund of a payment (supervisors and admins). Every refund, and every refund the
// provider refused, is in the audit log.
import { createRoute, z } from "@hono/zod-openapi";
import { type OperatorRole, supervising } from "../contracts/ops";
import { AppError } from "../core/errors";
import { bearerSecurity, errorResponse, featureApp, json, jsonBody } from "../core/openapi";
import type { AppEnv } from "../env";
import { refundFromConsole } from "../payments/refund.service";
import {
  MemberHit,
  MemberRef,
  MemberSearchQuery,
  MoneyView,
  PaymentRef,
  RefundAnswer,
  RefundRequestBody,
} from "./money.schemas";
import { findMembers, moneyMember, moneyView } from "./money.service";
import { requireOperator, requireSupervisor } from "./operator-auth";
import { audit, logOps } from "./ops.service";

export const moneyErrors = {
  noMember: () => new AppError(404, "no_member", "No such member."),
  noPayment: () => new AppError(404, "no_payment", "No such payment."),
  alreadyRefunded: () => new AppError(409, "already_refunded", "This payment has already been refunded."),
  notRefundable: () => new AppError(409, "not_refundable", "Only a payment that succeeded can be refunded."),
  inPortal: (provider: string) =>
    new AppError(
      409,
      "refund_in_portal",
      `${provider} has no refund API: refund this payment in ${provider}'s own portal. Nothing was changed here.`,
      { provider },
    ),
  refused: (providerCode: string) =>
    new AppError(502, "refund_refused", `The payment provider refused the refund (${providerCode}).`, {
      messageKey: providerCode,
    }),
};

const isSupervisor = (operator: AppEnv["Variables"]["operator"]) =>
  supervising.includes(operator.role as OperatorRole);

const search = createRoute({
  method: "get",
  path: "/ops/api/members",
  tags: ["ops"],
  summary: "Members by exact e-mail (any case) or clickid (supervisor, admin)",
  security: bearerSecurity,
  middleware: [requireOperator, requireSupervisor] as const,
  request: { query: MemberSearchQuery },
  responses: {
    401: errorResponse("No operator token, or it has ended"),
    200: { description: "Matching members", ...json(z.object({ members: z.array(MemberHit) })) },
    400: errorResponse("invalid_input: q"),
    403: errorResponse("forbidden"),
  },
});

const money = createRoute({
  method: "get",
  path: "/ops/api/members/{clickid}/money",
  tags: ["ops"],
  summary: "A member's orders, payments, subscriptions and credit ledger, newest first",
  description: "Operators see the members of operator flows, without their e-mail; supervisors see anyone.",
  security: bearerSecurity,
  middleware: [requireOperator] as const,
  request: { params: MemberRef },
  responses: {
    401: errorResponse("No operator token, or it has ended"),
    200: { description: "The money view", ...json(MoneyView) },
    404: errorResponse("no_member"),
  },
});

const refund = createRoute({
  method: "post",
  path: "/ops/api/payments/{paymentId}/refund",
  tags: ["ops"],
  summary: "Refund a succeeded payment in full, with a reason (supervisor, admin)",
  description:
    "The provider refunds first (one refund per payment, however often asked); then the credits the payment granted are taken back (never below zero), the premium level goes back to 0 unless another plan runs, the order's subscription ends, the member gets an e-mail and their tabs the new balances.",
  security: bearerSecurity,
  middleware: [requireOperator, requireSupervisor] as const,
  request: { params: PaymentRef, ...jsonBody(RefundRequestBody) },
  responses: {
    401: errorResponse("No operator token, or it has ended"),
    200: { description: "Refunded", ...json(RefundAnswer) },
    400: errorResponse("invalid_input: reason"),
    403: errorResponse("forbidden: operators may not refund"),
    404: errorResponse("no_payment"),
    409: errorResponse(
      "already_refunded, not_refundable; refund_in_portal: the provider (`provider`, e.g. coda) refunds only in its own portal, nothing changed",
    ),
    502: errorResponse("refund_refused: the provider said no (messageKey: its error code); nothing changed"),
    503: errorResponse("payments_unavailable: no payment provider is configured here"),
  },
});

export const moneyRoutes = featureApp()
  .openapi(search, async (c) => {
    const { q } = c.req.valid("query");
    return c.json({ members: await findMembers(c.var.db, q) }, 200);
  })
  .openapi(money, async (c) => {
    const { clickid } = c.req.valid("param");
    const supervisor = isSupervisor(c.var.operator);
    const member = await moneyMember(c.var.db, clickid, supervisor);
    if (!member) throw moneyErrors.noMember();
    return c.json(await moneyView(c.var.db, member, supervisor), 200);
  })
  .openapi(refund, async (c) => {
    const operator = c.var.operator;
    const { paymentId } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const result = await refundFromConsole(
      c,
      { paymentId, operatorId: operator.id, reason },
      {
        // In the refund's transaction: a refund is never without its audit row.
        inTransaction: (tx, done) =>
          audit(tx, {
            operatorId: operator.id,
            action: "refund",
            accountId: done.accountId,
            details: {
              clickid: done.clickid,
              paymentId: done.paymentId,
              amountCents: done.amountCents,
              currency: done.currency,
              reason: done.reason,
              creditsRemoved: done.creditsRemoved,
              premiumLevel: done.premiumLevelAfter,
              subscriptionEnded: done.subscriptionEnded,
            },
          }),
      },
    );
    if (!result.ok) {
      if (result.reason === "provider_refused") {
        const errorCode = result.errorCode ?? "generico";
        await audit(c.var.db, {
          operatorId: operator.id,
          action: "refund_refused",
          accountId: result.payment?.accountId ?? null,
          details: {
            paymentId,
            amountCents: result.payment?.amountCents,
            currency: result.payment?.currency,
            reason,
            errorCode,
          },
        });
        throw moneyErrors.refused(errorCode);
      }
      if (result.reason === "refund_in_portal") {
        const provider = result.provider ?? "the provider";
        await audit(c.var.db, {
          operatorId: operator.id,
          action: "refund_refused",
          accountId: result.payment?.accountId ?? null,
          details: { paymentId, reason, errorCode: "refund_in_portal", provider },
        });
        throw moneyErrors.inPortal(provider);
      }
      if (result.reason === "already_refunded") throw moneyErrors.alreadyRefunded();
      if (result.reason === "not_refundable") throw moneyErrors.notRefundable();
      throw moneyErrors.noPayment();
    }
    const done = result.refund;
    logOps("refund", { operatorId: operator.id, paymentId, amountCents: done.amountCents });
    return c.json(
      {
        refund: {
          id: done.refundId,
          paymentId: done.paymentId,
          amountCents: done.amountCents,
          currency: done.currency,
          reason: done.reason,
          creditsRemoved: done.creditsRemoved,
          premiumLevelBefore: done.premiumLevelBefore,
          premiumLevelAfter: done.premiumLevelAfter,
          subscriptionEnded: done.subscriptionEnded,
          refundedAt: done.refundedAt.toISOString(),
        },
        balances: done.balances,
        memberTold: result.told ?? { mail: "failed" as const, room: false },
      },
      200,
    );
  });
