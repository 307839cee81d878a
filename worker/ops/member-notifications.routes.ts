// The console's member view of notifications: which channels reach the member (on, linked, how many browsers)
// and the last deliveries with their opening and return, for the members of the brands the operator covers.
import { createRoute } from "@hono/zod-openapi";
import { MemberNotificationsView } from "../contracts/member-notifications";
import { type OperatorRole, supervising } from "../contracts/ops";
import { MemberRef } from "../contracts/ops-money";
import { bearerSecurity, errorResponse, featureApp, json } from "../core/openapi";
import { lastDeliveries, memberChannels } from "../notifications/deliveries.service";
import { moneyErrors } from "./money.routes";
import { moneyMember } from "./money.service";
import { coveredBrands, requireOperator } from "./operator-auth";

const view = createRoute({
  method: "get",
  path: "/ops/api/members/{clickid}/notifications",
  tags: ["ops"],
  summary: "A member's notification channels and last deliveries (sent, opened, came back)",
  security: bearerSecurity,
  middleware: [requireOperator] as const,
  request: { params: MemberRef },
  responses: {
    401: errorResponse("No operator token, or it has ended"),
    200: { description: "The channels and deliveries", ...json(MemberNotificationsView) },
    404: errorResponse("no_member"),
  },
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const memberNotificationRoutes = featureApp().openapi(view, async (c) => {
  const operator = c.var.operator;
  const member = await moneyMember(
    c.var.db,
    c.req.valid("param").clickid,
    supervising.includes(operator.role as OperatorRole),
    coveredBrands(operator),
  );
  if (!member) throw moneyErrors.noMember();
  const [channels, deliveries] = await Promise.all([
    memberChannels(c.var.db, member),
    lastDeliveries(c.var.db, member.id),
  ]);
  return c.json(
    {
      channels,
      deliveries: deliveries.map((d) => ({
        ...d,
        sentAt: d.sentAt.toISOString(),
        openedAt: iso(d.openedAt),
        cameBackAt: iso(d.cameBackAt),
      })),
    },
    200,
  );
});
