// The console's money view: a member's orders, payments, subscriptions and ledger (operators and supervisors),
// the member search and the refund of a payment (supervisors and admins), each for the members of the brands
// the operator covers. Every refund attempt is in the audit log, whatever its outcome.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { type OperatorRole, supervising } from "../contracts/ops";
import {
  MemberHit,
  MemberRef,
  MemberSearchQuery,
  MoneyView,
  PaymentRef,
  RefundAnswer,
  RefundRequestBody,
} from "../contracts/ops-money";
import { AppError } from "../core/errors";
import { errorName, logEvent } from "../core/log";
import { bearerSecurity, errorResponse, featureApp, json, jsonBody } from "../core/openapi";
import type { AppEnv } from "../env";
import { refundFromConsole } from "../payments/refund.service";
import { findMembers, moneyMember, moneyView, refundTarget } from "./money.service";
import { coveredBrands, requireOperator, requireSupervisor } from "./operator-auth";
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

/**
 * Text from a refused request as the audit row keeps it: cut short, without what a JSON column refuses (NUL,
 * and halves of a surrogate pair, which become U+FFFD).
 */
const asSent = (text: string, max: number) =>
  text
    .slice(0, max)
    .replaceAll("\u0000", "")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
    .trim();

/** The refund's reason as the request gave it, for the audit row of a refused attempt (any shape may arrive). */
async function reasonGiven(c: Context<AppEnv>): Promise<string | null> {
  const body: unknown = await c.req.json().catch(() => null);
  const reason = body && typeof body === "object" && "reason" in body ? body.reason : null;
  return typeof reason === "string" ? asSent(reason, RefundRequestBody.shape.reason.maxLength ?? 500) : null;
}

/**
 * Every refund attempt leaves an audit row (who, which payment, the outcome, the reason). A refund writes its
 * own in its transaction; this writes the row of every other outcome once the answer is known: the provider
 * said no (`refund_refused`), or the console refused it before asking the provider (`refund_failed`: the
 * role, the input, an unknown or another brand's payment, refunded already, not refundable, an error).
 */
const auditRefundAttempt = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const status = c.res.status;
  if (status === 200) return;
  const operator = c.var.operator;
  const error = c.error instanceof AppError ? c.error : null;
  const outcome = error?.code ?? (status === 400 ? "invalid_input" : "error");
  const paymentId = PaymentRef.shape.paymentId.safeParse(c.req.param("paymentId")).data ?? null;
  try {
    const { db } = c.var;
    const target = paymentId ? await refundTarget(db, paymentId) : null;
    const refused = outcome === "refund_refused" || outcome === "refund_in_portal";
    await audit(db, {
      operatorId: operator.id,
      action: refused ? "refund_refused" : "refund_failed",
      accountId: target?.accountId ?? null,
      details: {
        // An id that is no id is kept as sent, cut short (it named no payment).
        paymentId: paymentId ?? asSent(c.req.param("paymentId") ?? "", 40),
        ...(target ? { amountCents: target.amountCents, currency: target.currency } : {}),
        reason: await reasonGiven(c),
        outcome,
        status,
        ...(refused ? { errorCode: error?.extra.messageKey ?? outcome } : {}),
        ...(error?.extra.provider ? { provider: error.extra.provider } : {}),
      },
    });
  } catch (failure) {
    // The answer stands; the missing row is in the log with what it would have said.
    logEvent("error", "ops.refund_attempt_not_audited", {
      operatorId: operator.id,
      paymentId,
      outcome,
      error: errorName(failure),
    });
  }
});

const search = createRoute({
  method: "get",
  path: "/ops/api/members",
  tags: ["ops"],
  summary: "Members of the operator's brands by exact e-mail (any case) or clickid (supervisor, admin)",
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
  description:
    "Operators see the members of operator flows, without their e-mail; supervisors see any member. Either only of the brands they cover: another brand's member is no_member.",
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
    "The provider refunds first (one refund per payment, however often asked); then the credits the payment granted are taken back (never below zero), the order's subscription ends, the premium level goes down to what the member still holds paid, the member gets an e-mail and their tabs the new balances. A payment of a brand the supervisor does not cover is no_payment. Every attempt writes an audit row: refund, refund_refused (the provider said no) or refund_failed (refused here, with its outcome).",
  security: bearerSecurity,
  middleware: [requireOperator, auditRefundAttempt, requireSupervisor] as const,
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
    return c.json({ members: await findMembers(c.var.db, q, coveredBrands(c.var.operator)) }, 200);
  })
  .openapi(money, async (c) => {
    const { clickid } = c.req.valid("param");
    const operator = c.var.operator;
    const supervisor = isSupervisor(operator);
    const member = await moneyMember(c.var.db, clickid, supervisor, coveredBrands(operator));
    if (!member) throw moneyErrors.noMember();
    return c.json(await moneyView(c.var.db, member, supervisor), 200);
  })
  .openapi(refund, async (c) => {
    const operator = c.var.operator;
    const { paymentId } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const result = await refundFromConsole(
      c,
      { paymentId, operatorId: operator.id, reason, brands: coveredBrands(operator) },
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
              outcome: "refunded",
              creditsRemoved: done.creditsRemoved,
              premiumLevel: done.premiumLevelAfter,
              subscriptionEnded: done.subscriptionEnded,
            },
          }),
      },
    );
    // A refusal's audit row is auditRefundAttempt's, from the error's code and extras.
    if (!result.ok) {
      switch (result.reason) {
        case "provider_refused":
          throw moneyErrors.refused(result.errorCode ?? "generico");
        case "refund_in_portal":
          throw moneyErrors.inPortal(result.provider ?? "the provider");
        case "already_refunded":
          throw moneyErrors.alreadyRefunded();
        case "not_refundable":
          throw moneyErrors.notRefundable();
        case "not_found":
          throw moneyErrors.noPayment();
      }
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
