import { useEffect } from "react";
import { PaymentOutcomePopup } from "./PaymentOutcomePopup";

/** The spec's wait on /ok before the chats reload (the pending message has gone out from the server). */
export const OK_RELOAD_MS = 3000;

/**
 * /ok and /ok/: the payment went through (`?verifica=1`: the age verification did); /ko: it did not. Blank
 * pages with the outcome popup.
 */
export function OkPage({ ok }: { ok: boolean }) {
  const verified = new URLSearchParams(window.location.search).has("verifica");
  useEffect(() => {
    if (!ok) return;
    const timer = setTimeout(() => window.location.assign("/chats"), OK_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [ok]);
  return (
    <section className="payment-check" data-testid={ok ? "payment-ok" : "payment-ko"}>
      <PaymentOutcomePopup
        status={ok ? "ok" : "ko"}
        message={ok ? (verified ? "verified" : "success") : "generico"}
        onClose={() => window.location.assign("/find")}
      />
    </section>
  );
}
