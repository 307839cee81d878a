import { Popup } from "../../components/ui/Popup";
import { useI18n } from "../../i18n/i18n";
import type { ApplePayRequest } from "./wallets";

/**
 * The Apple Pay sheet's stand-in on local hosts (wallets.ts StandInApplePaySession): who is paid, how much, and
 * the sheet's two answers. Closing it is a cancel, as on the real sheet.
 */
export function StandInApplePaySheet({
  request,
  price,
  answer,
}: {
  request: ApplePayRequest;
  price: string;
  answer: (approved: boolean) => void;
}) {
  const { t } = useI18n();
  return (
    <Popup
      title={t("pm_apple_foglio_titolo")}
      testId="apple-pay-sheet"
      onClose={() => answer(false)}
      actions={
        <>
          <button type="button" className="button" onClick={() => answer(false)}>
            {t("pm_apple_foglio_annulla")}
          </button>
          <button type="button" className="button primary" onClick={() => answer(true)}>
            {t("pm_apple_foglio_paga", { price })}
          </button>
        </>
      }
    >
      <div className="pay-sheet">
        <p>
          <strong>{t("pm_apple_foglio_esercente", { merchant: request.total.label })}</strong>
        </p>
        <p className="pay-sheet-total">{price}</p>
        <p className="muted small">{t("pm_apple_foglio_testo")}</p>
      </div>
    </Popup>
  );
}
