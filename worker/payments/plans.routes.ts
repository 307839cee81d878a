// GET /api/plans: what the plans page and the payment page read (spec/money-platform.md section 2): the member's
// flow's rate plan with its four lists, the list they buy from and the plan chosen for them, the methods the
// flow offers (and which of them renew a plan), a message's price, and each plan's reduction measured against
// the plan's price history (the EU price-indication rules), never the badge or old price as typed.
import { createRoute } from "@hono/zod-openapi";
import type { FlowConfig } from "../contracts/flow";
import {
  choosePlan,
  PlanList,
  PlansAnswer,
  planListFor,
  type RatePlan,
  type RatePlanRow,
} from "../contracts/payments";
import { unauthorized } from "../core/errors";
import { requireSessionToken } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json } from "../core/openapi";
import { type PlanRow, plansView } from "./plans.service";
import { claimsReduction, type PricePoint, priceReduction, type Reduction } from "./price-reduction";
import type { PaymentMethod, PaymentProvider } from "./provider";
import { providerOrNull } from "./providers";

/** A flow's method (sistemi_pagamento) as the providers name it. */
const FLOW_METHOD: Record<FlowConfig["sistemi_pagamento"][number], PaymentMethod> = {
  credit_card: "card",
  paypal: "paypal",
  applepay: "applepay",
  googlepay: "googlepay",
  mollie: "mollie",
  coda_paypal: "coda",
};

const plans = createRoute({
  method: "get",
  path: "/api/plans",
  tags: ["payments"],
  summary: "The member's flow's rate plan, the list they buy from and the plan chosen for them",
  description:
    "vecchioPrezzo is the lowest price of the 30 days before the plan's current price began (EU price-indication rules), and badge its whole percent off (-50%), only when the current price is lower; otherwise both are null (a configured badge that claims a percentage is not shown).",
  security: bearerSecurity,
  middleware: [requireSessionToken] as const,
  responses: {
    200: { description: "The plans", ...json(PlansAnswer) },
    401: errorResponse("No valid session"),
  },
});

/** A plan row as the pages read it, its reduction (if its price is one) in place of the typed claims. */
function toRatePlanRow(row: PlanRow, reduction: Reduction | null): RatePlanRow {
  const typedBadge = row.badge && !claimsReduction(row.badge) ? row.badge : null;
  return {
    product_id: row.productId,
    nomePiano: row.planName,
    badge: reduction && reduction.percent >= 1 ? `-${reduction.percent}%` : typedBadge,
    description: row.description,
    description_color: row.descriptionColor,
    suggestion: row.suggestion,
    suggestion_color: row.suggestionColor,
    vecchioPrezzo: reduction?.referencePrice ?? null,
    prezzo: row.price,
    prezzo_totale: row.totalPrice,
    prezzoDescription: row.priceDescription,
    currency: row.currency,
    premiumLevel: row.premiumLevel,
    crediti: row.credits,
    crediti_promo: row.promoCredits,
    visibile: row.visible,
    spacing_bottom: row.spacingBottom,
    first_selling: row.firstSelling,
    renewal_days: row.renewalDays,
  };
}

export const planRoutes = featureApp().openapi(plans, async (c) => {
  // Each way to pay's provider, looked up once (building one is not free, and several systems share one).
  const providers = new Map<PaymentMethod, PaymentProvider | null>();
  const providerOf = (method: PaymentMethod) => {
    if (!providers.has(method)) providers.set(method, providerOrNull(c, method));
    return providers.get(method) ?? null;
  };
  // Where payments are unavailable the plans still show; nothing is kept to tap.
  const provider = providerOf("card");
  // The session's check, the member, the flow, its plans and prices and the kept card: one statement.
  const view = await plansView(c.var.config.database, c.get("uncheckedSession"), provider?.id ?? null);
  if (!view) throw unauthorized();
  const { account, flow, plans: rows, prices } = view;
  const history = new Map<string, PricePoint[]>();
  for (const { productId, ...point } of prices) {
    history.set(productId, [...(history.get(productId) ?? []), point]);
  }
  const now = new Date();
  const rateplan: RatePlan = { compliant: [], free: [], premium: [], verifica: [] };
  for (const row of rows) {
    const list = PlanList.safeParse(row.list);
    const reduction = priceReduction(history.get(row.productId) ?? [], now);
    if (list.success) rateplan[list.data].push(toRatePlanRow(row, reduction));
  }
  const chosen = choosePlan(rateplan, flow.fluxId, account.premiumLevel);
  return c.json(
    {
      rateplan: [rateplan],
      list: planListFor(flow.fluxId, account.premiumLevel),
      chosen: chosen?.product_id ?? null,
      fluxId: flow.fluxId,
      premiumLevel: account.premiumLevel,
      verificaEta: flow.verificaEta,
      valoreMessaggio: flow.valoreMessaggio,
      sistemi_pagamento: flow.sistemi_pagamento,
      actonfile: view.keptCard,
      verified: account.verifiedUser,
      renewingMethods: flow.sistemi_pagamento.filter((system) => {
        const method = FLOW_METHOD[system];
        return method === "card" || providerOf(method)?.renewsWith?.includes(method) === true;
      }),
      sandboxMethods: flow.sistemi_pagamento.filter(
        (system) => providerOf(FLOW_METHOD[system])?.id === "sandbox",
      ),
    },
    200,
  );
});
