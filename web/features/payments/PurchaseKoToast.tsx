import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useI18n } from "../../i18n/i18n";
import { useSession } from "../../lib/session/session";
import "./payments.css";

/** The spec's toast closes after 5 s. */
export const TOAST_MS = 5000;

/**
 * The purchKo alert (spec section 8): a payment the member was told would be credited once approved was
 * refused later. A toast with its title, the spec's text and a button to the plans; it closes after 5 s.
 */
export function PurchaseKoToast() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { room } = useSession();
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!room) return;
    return room.subscribe((event) => {
      if (event.event === "purchKo") setShown(Date.now());
    });
  }, [room]);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(0), TOAST_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  if (!shown) return null;
  return (
    <div className="toast" role="alert" data-testid="purchko-toast">
      <strong>{t("purchko_titolo")}</strong>
      <p>{t("purchKo")}</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          setShown(0);
          void navigate({ to: "/vip_plan/$rateplan", params: { rateplan: "cred" } });
        }}
      >
        {t("pagamento_bottone_riprova")}
      </button>
    </div>
  );
}
