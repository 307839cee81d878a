import { Link } from "@tanstack/react-router";
import { useState } from "react";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { formatMoney, SITE_CURRENCY } from "../../../worker/contracts/money";
import { BackArrow } from "../../components/ui/BackArrow";
import { FormMessage } from "../../components/ui/FormMessage";
import { useI18n } from "../../i18n/i18n";
import { useSession } from "../../lib/session/session";
import { CardForm } from "./CardForm";
import type { Outcome } from "./OtherMethods";
import { PaymentOutcomePopup } from "./PaymentOutcomePopup";
import "./payments.css";

/**
 * /purchase/card: the member gives a new card (orders/createToken, a zero-amount check that keeps it); the
 * one-tap payments and the plan's renewals use it from then on (the way back after a refused renewal).
 */
export function CardUpdatePage({ brand }: { brand: PublicBrand }) {
  const { t, locale } = useI18n();
  const { state } = useSession();
  const [kept, setKept] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [attempt, setAttempt] = useState(0);
  if (state.status !== "member") return null;
  const { clickid, country } = state.member;
  return (
    <section className="pay" data-testid="card-update-page">
      <BackArrow label={t("back_profilo")} to="/profile" showLabel className="pay-back" />
      <header className="card card-update-header">
        <h1>{t("carta_titolo")}</h1>
        <p>{t("carta_testo", { amount: formatMoney(0, SITE_CURRENCY, locale) })}</p>
      </header>
      {kept ? (
        <div data-testid="card-kept">
          <FormMessage tone="success">{t("carta_salvata")}</FormMessage>
          <Link to="/profile" className="button primary">
            {t("carta_torna_al_profilo")}
          </Link>
        </div>
      ) : (
        <CardForm
          attempt={attempt}
          brand={brand}
          member={{ clickid, country }}
          onOutcome={setOutcome}
          onKept={() => setKept(true)}
        />
      )}
      {outcome && (
        <PaymentOutcomePopup
          status={outcome.status}
          message={outcome.message}
          onClose={() => setOutcome(null)}
          retry={() => {
            setOutcome(null);
            setAttempt((n) => n + 1);
          }}
        />
      )}
    </section>
  );
}
