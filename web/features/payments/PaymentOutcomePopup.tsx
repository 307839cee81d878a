import { useNavigate } from "@tanstack/react-router";
import { PAYMENT_ERROR_CODES, type PaymentErrorCode } from "../../../worker/contracts/payments";
import { Popup } from "../../components/ui/Popup";
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

/**
 * The payment outcome popup: success in green with a button on to /chats; open and pending with the
 * hourglass (credits come when approved); every failure in red with a retry that goes back to the plans
 * (closing it otherwise is the page's `onClose`).
 */
export function PaymentOutcomePopup({
  status,
  message,
  onClose,
}: {
  status: "ok" | "ko" | "open";
  message: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const code = isKnown(message) ? message : "generico";
  const success = status === "ok";
  const waiting = status === "open" || code === "pending" || code === "open";
  const colour = success ? "var(--success)" : waiting ? "var(--muted)" : "var(--error)";
  return (
    <Popup
      title={t(success ? "pagamento_titolo_ok" : waiting ? "pagamento_titolo_attesa" : "pagamento_titolo_ko")}
      testId="payment-outcome"
      onClose={onClose}
      dismissible={!success}
      icon={
        <span className="payment-icon" style={{ color: colour }} aria-hidden="true">
          {success ? "✓" : waiting ? "⌛" : "!"}
        </span>
      }
      actions={
        success ? (
          <button type="button" className="button primary" onClick={() => window.location.assign("/chats")}>
            {t("pagamento_bottone_continua")}
          </button>
        ) : (
          <button
            type="button"
            className="button primary"
            onClick={() =>
              waiting ? onClose() : void navigate({ to: "/vip_plan/$rateplan", params: { rateplan: "cred" } })
            }
          >
            {t(waiting ? "popup_close" : "pagamento_bottone_riprova")}
          </button>
        )
      }
    >
      <p className="payment-message" style={{ color: colour }} data-testid="payment-message">
        {t(texts[code])}
      </p>
    </Popup>
  );
}
