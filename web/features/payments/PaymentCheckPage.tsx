import { useEffect, useRef, useState } from "react";
import { Spinner } from "../../components/ui/Spinner";
import { useI18n } from "../../i18n/i18n";
import { api } from "../../lib/api";
import { useSession } from "../../lib/session/session";
import { PaymentOutcomePopup } from "./PaymentOutcomePopup";

/** The return pages: the path's name, the system the check asks, the query field of the reference, the wait. */
export const returnPages = {
  adyen: { system: "adyen", field: "redirectResult", reloadMs: 3000 },
  trpay: { system: "trustpay", field: "InstanceId", reloadMs: 6000 },
  maxpay: { system: "maxpay", field: "reference", reloadMs: 6000 },
  googlePay: { system: "googlePay", field: "redirectResult", reloadMs: 4000 },
  mollie: { system: "mollie", field: "reference", reloadMs: 3000 },
  coda: { system: "coda", field: "txn_id", reloadMs: 3000 },
} as const;
export type ReturnPage = keyof typeof returnPages;

/**
 * /{system}/paymentCheck: blank but for the result popup. The payment is checked once; paid, the popup
 * says so and /chats reloads after the system's wait (the server has already sent the pending message);
 * not paid, the popup gives the reason and the member goes back to the plans or on to /find (/chats for coda).
 */
export function PaymentCheckPage({ page, search }: { page: ReturnPage; search: Record<string, string> }) {
  const { t } = useI18n();
  const { state } = useSession();
  const { system, field, reloadMs } = returnPages[page];
  const reference = search[field] ?? "";
  const [result, setResult] = useState<{ paid: boolean; message: string } | null>(null);
  const asked = useRef(false);
  const clickid = state.status === "member" ? state.member.clickid : null;

  useEffect(() => {
    if (!clickid || asked.current) return;
    asked.current = true;
    void (async () => {
      try {
        const response = await api.orders[":system"].checkTransactionStatus.$post({
          param: { system },
          json: { clickid, [field]: reference },
        });
        const body = response.ok ? await response.json() : { result: false, message: "generico" };
        setResult({ paid: body.result, message: body.message });
      } catch (error) {
        console.warn("the payment check did not reach the server", error);
        setResult({ paid: false, message: "generico" });
      }
    })();
  }, [clickid, system, field, reference]);

  useEffect(() => {
    if (!result?.paid) return;
    const timer = setTimeout(() => window.location.assign("/chats"), reloadMs);
    return () => clearTimeout(timer);
  }, [result, reloadMs]);

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
        />
      )}
    </section>
  );
}
