import { useNavigate } from "@tanstack/react-router";
import { PAYMENT_ERROR_CODES, type PaymentErrorCode } from "../../../worker/contracts/payments";
import { ContentPopup, type PopupContent } from "../../components/ui/ContentPopup";
import { type MessageKey, useI18n } from "../../i18n/i18n";

/** The catalogue's text for each outcome (spec section 8); adding a code does not compile until it has one. */
const texts: Record<PaymentErrorCode | "success" | "verified" | "open" | "pending", MessageKey> = {
  invalid_cvc: "pagamento_invalid_cvc",
  insufficient_funds: "pagamento_insufficient_funds",
  lost_or_stolen: "pagamento_lost_or_stolen",
  invalid_expiry_month: "pagamento_invalid_expiry_month",
  invalid_expiry_year: "pagamento_invalid_expiry_year",
  expired_card: "pagamento_expired_card",
  already_declined_card: "pagamento_already_declined_card",
  change_method: "pagamento_change_method",
  processing_error: "pagamento_processing_error",
  card_declined: "pagamento_card_declined",
  warning: "pagamento_warning",
  authentication_required: "pagamento_authentication_required",
  invalid_number: "pagamento_invalid_number",
  payment_canceled: "pagamento_payment_canceled",
  address_blacklisted: "pagamento_address_blacklisted",
  riprova: "pagamento_riprova",
  generico: "pagamento_generico",
  problemi_api: "pagamento_problemi_api",
  success: "pagamento_success",
  // The age verification's success: no credits, the hidden replies readable.
  verified: "pagamento_verificato",
  open: "pagamento_open",
  pending: "pagamento_pending",
};

const isKnown = (message: string): message is keyof typeof texts =>
  (PAYMENT_ERROR_CODES as readonly string[]).includes(message) ||
  message === "success" ||
  message === "verified" ||
  message === "open" ||
  message === "pending";

/** The catalogue's text of an outcome's message (an unknown one is the generic failure). */
export const outcomeText = (message: string): MessageKey => texts[isKnown(message) ? message : "generico"];

/**
 * The payment outcome popup, a content object of the generic popup: success in green with a button on to
 * /chats; open and pending with the hourglass (credits come when approved); every failure in red with a
 * retry: the page's `retry` (the same plan again, with another card or another method), else back to the
 * plans (the spec's /vip_plan/cred). Closing it otherwise is the page's `onClose`.
 */
export function PaymentOutcomePopup({
  status,
  message,
  onClose,
  retry,
}: {
  status: "ok" | "ko" | "open";
  message: string;
  onClose: () => void;
  retry?: () => void;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const code = isKnown(message) ? message : "generico";
  const success = status === "ok";
  const waiting = status === "open" || code === "pending" || code === "open";
  const content: PopupContent<"continue" | "retry"> = {
    title: t(success ? "pagamento_titolo_ok" : waiting ? "pagamento_titolo_attesa" : "pagamento_titolo_ko"),
    messaggio: t(texts[code]),
    icona: success ? "check" : waiting ? "hourglass" : "alert",
    colore: success ? "var(--success)" : waiting ? "var(--muted)" : "var(--error)",
    bottoni: [
      success
        ? { testo: t("pagamento_bottone_continua"), onclick: "continue", primary: true }
        : waiting
          ? { testo: t("popup_close"), primary: true }
          : {
              testo: t("pagamento_bottone_riprova"),
              onclick: "retry",
              primary: true,
              testId: "payment-retry",
            },
    ],
  };
  return (
    <ContentPopup
      content={content}
      testId="payment-outcome"
      onClose={onClose}
      dismissible={!success}
      onAction={(action) => {
        // The spec: the chats reload after a payment (the pending message has gone out meanwhile).
        if (action === "continue") window.location.assign("/chats");
        else if (retry) retry();
        else void navigate({ to: "/vip_plan/$rateplan", params: { rateplan: "cred" } });
      }}
    />
  );
}
