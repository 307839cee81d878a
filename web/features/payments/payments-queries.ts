import { queryOptions } from "@tanstack/react-query";
import type { RatePlanRow } from "../../../worker/contracts/payments";
import { api, okJson } from "../../lib/api";

/** GET /api/plans: the member's flow's rate plan, their list and the plan chosen for them (asked afresh). */
export const plansQuery = () =>
  queryOptions({
    queryKey: ["plans"],
    queryFn: async () => okJson(await api.api.plans.$get()),
    staleTime: 0,
  });

/** The kinds of plans page: a hook key, or cred (credits from the menu and the credit bars). */
export const planPageTypes = [
  "cred",
  "blurred",
  "paginazione",
  "fine_crediti",
  "file_like",
  "cambia_regione",
] as const;
export type PlanPageType = (typeof planPageTypes)[number];
export const isPlanPageType = (value: string): value is PlanPageType =>
  (planPageTypes as readonly string[]).includes(value);

/** The plan a payment page is for, from the plans' lists. */
export function findPlan(lists: Record<string, RatePlanRow[]>, productId: string | undefined) {
  if (!productId) return undefined;
  return Object.values(lists)
    .flat()
    .find((p) => p.product_id === productId);
}
