import { queryOptions } from "@tanstack/react-query";
import type { Locale } from "../../worker/contracts/locales";
import { receiptFileName } from "../../worker/contracts/payments";
import { api, okJson } from "./api";
import { store } from "./storage";

/** GET /api/billing: the member's plan status, next billing date and paylog (asked afresh on each visit). */
export const billingQuery = () =>
  queryOptions({
    queryKey: ["billing"],
    queryFn: async () => okJson(await api.api.billing.$get()),
    staleTime: 0,
  });

/** The spec's waits after unsubscribing: the profile reloads after 6 s, /unsubscribe/ goes to /find after 3 s. */
export const UNSUBSCRIBE_RELOAD_MS = 6000;
export const UNSUBSCRIBE_REDIRECT_MS = 3000;

/** orders/unsubUser: true when the plan stopped renewing; false (disiscrizione_ko) otherwise. */
export async function unsubscribeMember(clickid: string): Promise<boolean> {
  try {
    const answer = await okJson(await api.orders.unsubUser.$post({ json: { clickid } }));
    return answer.status === "ok";
  } catch (error) {
    console.warn("the unsubscribe did not reach the server", error);
    return false;
  }
}

/** Downloads a receipt (api/legal/get_receipt/{chargeId}) as ricevuta_{chargeId}.pdf, named in the member's language. */
export async function downloadReceipt(chargeId: number, language: Locale): Promise<boolean> {
  const token = store.get("token");
  const response = await fetch(`/api/legal/get_receipt/${chargeId}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) return false;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = receiptFileName(chargeId, language);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
