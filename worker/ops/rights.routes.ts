// The console's view of the members' rights (supervisors and admins): the deletions waiting for their erasure
// with the date it is due, the recent erasures, and the withdrawals with the legal refund deadline (14 days);
// a refund the provider refused is marked to be made by hand. Every step is also in the audit log.
import { createRoute } from "@hono/zod-openapi";
import { brandOf } from "../brands/registry";
import { RightsView } from "../contracts/ops";
import { WITHDRAWAL_DAYS } from "../contracts/withdrawal";
import { bearerSecurity, errorResponse, featureApp, json } from "../core/openapi";
import { requireOperator, requireSupervisor } from "./operator-auth";
import { rightsRequests } from "./rights.service";

const DAY_MS = 86_400_000;

const view = createRoute({
  method: "get",
  path: "/ops/api/rights",
  tags: ["ops"],
  summary: "Deletion requests and withdrawals with their deadlines (supervisor, admin)",
  security: bearerSecurity,
  middleware: [requireOperator, requireSupervisor] as const,
  responses: {
    200: { description: "The requests, newest first", ...json(RightsView) },
    401: errorResponse("No operator token, or it has ended"),
    403: errorResponse("forbidden"),
  },
});

export const rightsRoutes = featureApp().openapi(view, async (c) => {
  const now = Date.now();
  const { deletionRows, withdrawalRows } = await rightsRequests(c.var.db, now);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return c.json(
    {
      deletions: deletionRows.map((d) => ({
        accountId: d.id,
        brandTitle: brandOf(d.brandId).public.title,
        requestedAt: iso(d.requestedAt),
        dueAt: iso(d.dueAt),
        erasedAt: iso(d.erasedAt),
        state: d.erasedAt
          ? ("erased" as const)
          : d.dueAt && d.dueAt.getTime() < now
            ? ("overdue" as const)
            : ("pending" as const),
      })),
      withdrawals: withdrawalRows.map(({ withdrawal: w, provider, currency }) => ({
        id: w.id,
        accountId: w.accountId,
        paymentId: w.paymentId,
        provider,
        kind: w.kind,
        refundCents: w.refundCents,
        currency,
        status: w.status,
        createdAt: w.createdAt.toISOString(),
        refundDueAt: new Date(w.createdAt.getTime() + WITHDRAWAL_DAYS * DAY_MS).toISOString(),
      })),
    },
    200,
  );
});
