import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { CARD_CHECK_PRODUCT_ID } from "../../../worker/contracts/payments";
import { Spinner } from "../../components/ui/Spinner";
import { useI18n } from "../../i18n/i18n";
import { api } from "../../lib/api";
import { useSession } from "../../lib/session/session";
import { PaymentOutcomePopup } from "./PaymentOutcomePopup";
import { askWhileUnavailable } from "./retry-unavailable";

/** Where the payment page keeps a mollie payment's id: Mollie's return URL carries none. */
export const MOLLIE_REFERENCE_KEY = "mollieReference";

interface ReturnPageRule {
  /** The system the check asks (orders/{system}/checkTransactionStatus). */
  system: "adyen" | "trustpay" | "maxpay" | "googlePay" | "mollie" | "coda";
  /** The query parameter the provider puts the reference in; null: the page kept it (mollie). */
  query: string | null;
  /** The check-status body's field for it (section 3). */
  field: "redirectResult" | "InstanceId" | "reference" | "txn_id";
  /** The wait before /chats reloads (section 4). */
  reloadMs: number;
  /** Mollie and coda reload only on the message 'success'; the others whenever the result is true. */
  successOnly: boolean;
}

/** The return pages (spec sections 2 and 4): the path's name and how its check is made. */
export const returnPages = {
  adyen: {
    system: "adyen",
    query: "redirectResult",
    field: "redirectResult",
    reloadMs: 3000,
    successOnly: false,
  },
  // The spec's query is instanceId (section 2), its check-status field InstanceId (section 3).
  trpay: { system: "trustpay", query: "instanceId", field: "InstanceId", reloadMs: 6000, successOnly: false },
  maxpay: { system: "maxpay", query: "reference", field: "reference", reloadMs: 6000, successOnly: false },
  googlePay: {
    system: "googlePay",
    query: "redirectResult",
    field: "redirectResult",
    reloadMs: 4000,
    successOnly: false,
  },
  mollie: { system: "mollie", query: null, field: "reference", reloadMs: 3000, successOnly: true },
  coda: { system: "coda", query: "TxnId", field: "txn_id", reloadMs: 3000, successOnly: true },
} as const satisfies Record<string, ReturnPageRule>;
export type ReturnPage = keyof typeof returnPages;

/** The reference the return page checks: from the provider's query parameter, or the one the page kept. */
function referenceOf(rule: ReturnPageRule, search: Record<string, string>) {
  if (rule.query) return search[rule.query] ?? "";
  return sessionStorage.getItem(MOLLIE_REFERENCE_KEY) ?? "";
}

/**
 * A refused payment's retry from its return page: the same plan on the payment page, which says why and
 * offers another card and the flow's other methods (a kept card's check goes back to /purchase/card). Without
 * a plan (the check failed), the popup's own way: the plans.
 */
function retryOf(
  result: { rateplan: string | null; message: string },
  navigate: ReturnType<typeof useNavigate>,
): (() => void) | undefined {
  const { rateplan, message } = result;
  if (rateplan === CARD_CHECK_PRODUCT_ID) return () => void navigate({ to: "/purchase/card" });
  if (!rateplan) return undefined;
  return () => void navigate({ to: "/purchase/pay", search: { plan: rateplan, retry: message } });
}

/**
 * /{system}/paymentCheck: blank but for the result popup. The payment is checked once; paid, the popup
 * says so and /chats reloads after the system's wait (the server has already sent the pending message) —
 * for mollie and coda only when the message is 'success'; not paid, the popup gives the reason, and its retry
 * pays for the same plan again (closed, the member goes on to /find, /chats for coda).
 */
export function PaymentCheckPage({ page, search }: { page: ReturnPage; search: Record<string, string> }) {
  const { t } = useI18n();
  const { state } = useSession();
  const rule: ReturnPageRule = returnPages[page];
  const { system, field, reloadMs, successOnly } = rule;
  const [reference] = useState(() => referenceOf(rule, search));
  const [result, setResult] = useState<{ paid: boolean; message: string; rateplan: string | null } | null>(
    null,
  );
  const navigate = useNavigate();
  const asked = useRef(false);
  const clickid = state.status === "member" ? state.member.clickid : null;

  useEffect(() => {
    if (!clickid || asked.current) return;
    asked.current = true;
    void (async () => {
      try {
        const response = await askWhileUnavailable(() =>
          api.orders[":system"].checkTransactionStatus.$post({
            param: { system },
            json: { clickid, [field]: reference },
          }),
        );
        // Still unavailable after the waits: nothing is known yet, and the provider's notification will
        // apply the payment (the tabs hear of it), so the member is told it is on its way, not that it failed.
        const unknown = response.status === 503 ? "pending" : "generico";
        const body = response.ok
          ? await response.json()
          : { result: false, message: unknown, rateplan: null };
        setResult({ paid: body.result, message: body.message, rateplan: body.rateplan });
      } catch (error) {
        console.warn("the payment check did not reach the server", error);
        setResult({ paid: false, message: "generico", rateplan: null });
      }
    })();
  }, [clickid, system, field, reference]);

  const reloads = result !== null && (successOnly ? result.message === "success" : result.paid);
  useEffect(() => {
    if (!reloads) return;
    const timer = setTimeout(() => window.location.assign("/chats"), reloadMs);
    return () => clearTimeout(timer);
  }, [reloads, reloadMs]);

  return (
    <section className="payment-check" data-testid="payment-check">
      {!result && <Spinner label={t("pagamento_verifica")} />}
      {result && (
        <PaymentOutcomePopup
          status={
            result.paid ? "ok" : result.message === "open" || result.message === "pending" ? "open" : "ko"
          }
          message={result.message}
          onClose={() => window.location.assign(page === "coda" ? "/chats" : "/find")}
          retry={retryOf(result, navigate)}
        />
      )}
    </section>
  );
}
