import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { RatePlanRow } from "../../../worker/contracts/payments";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { api } from "../../lib/api";
import { useSession } from "../../lib/session/session";
import { PaymentOutcomePopup } from "./PaymentOutcomePopup";
import { formatPrice, type PlanPageType, plansQuery } from "./payments-queries";
import { startThreeDs } from "./three-ds";
import "./payments.css";

/** The spec's wait after a one-tap payment before the chats reload (the pending message has gone out). */
export const ONE_TAP_RELOAD_MS = 6000;

const headers: Record<PlanPageType, MessageKey> = {
  cred: "vip_header_cred",
  blurred: "vip_header_blurred",
  paginazione: "vip_header_paginazione",
  fine_crediti: "vip_header_fine_crediti",
  file_like: "vip_header_file_like",
  cambia_regione: "vip_header_cambia_regione",
};

/** The header's picture: a crown for the VIP plans, the coin for a member who is premium already. */
function PlansIcon({ premium }: { premium: boolean }) {
  return (
    <svg className="plans-header-icon" viewBox="0 0 48 48" width="44" height="44" aria-hidden="true">
      {premium ? (
        <>
          <circle cx="24" cy="24" r="20" fill="#f5c542" stroke="#c9961a" strokeWidth="3" />
          <circle cx="24" cy="24" r="12" fill="none" stroke="#c9961a" strokeWidth="2" />
        </>
      ) : (
        <path
          d="M6 36 L10 14 L19 24 L24 10 L29 24 L38 14 L42 36 Z"
          fill="#f5c542"
          stroke="#fff"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}

/**
 * /vip_plan/{type}: the plans of the member's list (free, premium, or the compliant flow's own). The first
 * tap selects a plan, a tap on the selected one or the continue button goes on to the payment page; the
 * compliant flow (0000) first asks for its terms checkbox.
 */
export function PlansPage({ type }: { type: PlanPageType }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const plans = useQuery(plansQuery());
  const [selected, setSelected] = useState<string | null>(null);
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [charging, setCharging] = useState(false);
  const [outcome, setOutcome] = useState<"ok" | "open" | null>(null);
  const { state } = useSession();
  const clickid = state.status === "member" ? state.member.clickid : null;
  const data = plans.data;
  const list = data ? (data.rateplan[0]?.[data.list] ?? []).filter((p) => p.visibile) : [];
  const compliant = data?.fluxId === "0000";

  useEffect(() => {
    if (data && selected === null) setSelected(data.chosen);
  }, [data, selected]);

  function proceed(productId: string | null) {
    if (!productId || charging) return;
    if (compliant && !terms) {
      setTermsError(true);
      return;
    }
    // A kept card is charged at once (not in the compliant flow, nor for age verification).
    if (data?.actonfile && !compliant && !data.verificaEta && clickid) void oneTap(productId, clickid);
    else void navigate({ to: "/purchase/pay", search: { plan: productId, type } });
  }

  async function oneTap(productId: string, member: string) {
    setCharging(true);
    try {
      const response = await api.orders.actonfile.tryCharge.$post({
        json: { rateplan: productId, clickid: member },
      });
      const answer = response.ok ? await response.json() : null;
      if (answer?.status === "ok" && answer.threeDS) {
        startThreeDs({ ...answer, threeDS: answer.threeDS });
        return;
      }
      if (answer?.status === "ok" || answer?.status === "open") {
        setOutcome(answer.status);
        setCharging(false);
        return;
      }
    } catch (error) {
      console.warn("the one-tap charge did not reach the server", error);
    }
    // Refused (or no card after all): the payment page, with this plan.
    void navigate({ to: "/purchase/pay", search: { plan: productId, type } });
  }

  useEffect(() => {
    if (outcome !== "ok") return;
    const timer = setTimeout(() => window.location.assign("/chats"), ONE_TAP_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  function tap(plan: RatePlanRow) {
    if (selected === plan.product_id) proceed(plan.product_id);
    else setSelected(plan.product_id);
  }

  return (
    <section className="plans" data-testid="plans-page">
      <header className={`plans-header plans-header-${type}`}>
        <PlansIcon premium={(data?.premiumLevel ?? 0) > 0} />
        <h1>{t(headers[type])}</h1>
        <p>{t("vip_sottotitolo")}</p>
      </header>
      {plans.isPending && <Spinner label={t("app_loading")} />}
      {plans.isError && <FormMessage tone="error">{t("errore_generico")}</FormMessage>}
      {data && list.length === 0 && <FormMessage tone="error">{t("vip_nessun_piano")}</FormMessage>}
      <ul className="plan-list">
        {list.map((plan) => {
          const isSelected = plan.product_id === selected;
          return (
            <li key={plan.product_id} className={plan.spacing_bottom ? "spaced" : undefined}>
              <button
                type="button"
                className={`plan-row${isSelected ? " selected" : ""}`}
                aria-pressed={isSelected}
                data-testid={`plan-${plan.product_id}`}
                onClick={() => tap(plan)}
              >
                {plan.badge && <span className="plan-badge">{plan.badge}</span>}
                <span className="plan-main">
                  <strong className="plan-name">{plan.nomePiano}</strong>
                  <span className="plan-credits">
                    {t("vip_crediti", { count: plan.crediti })}
                    {plan.crediti_promo > 0 && ` ${t("vip_crediti_promo", { count: plan.crediti_promo })}`}
                  </span>
                  {plan.description && (
                    <span className="plan-description" style={{ color: plan.description_color ?? undefined }}>
                      {plan.description}
                    </span>
                  )}
                  {plan.suggestion && (
                    <span className="plan-suggestion" style={{ color: plan.suggestion_color ?? undefined }}>
                      {plan.suggestion}
                    </span>
                  )}
                </span>
                <span className="plan-price">
                  {plan.vecchioPrezzo !== null && (
                    <s className="plan-old-price">{formatPrice(plan.vecchioPrezzo, plan.currency, locale)}</s>
                  )}
                  <strong>{formatPrice(plan.prezzo, plan.currency, locale)}</strong>
                  {plan.prezzoDescription && (
                    <span className="plan-price-note">{plan.prezzoDescription}</span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {compliant && (
        <label className={`plan-terms${termsError ? " invalid" : ""}`}>
          <input
            type="checkbox"
            checked={terms}
            onChange={(e) => {
              setTerms(e.target.checked);
              if (e.target.checked) setTermsError(false);
            }}
          />
          {t("vip_termini")}
        </label>
      )}
      {termsError && <FormMessage tone="error">{t("errore_termini_piano")}</FormMessage>}
      {list.length > 0 && (
        <button
          type="button"
          className="button primary plans-continue"
          data-testid="plans-continue"
          disabled={!selected || charging}
          onClick={() => proceed(selected)}
        >
          {charging ? <Spinner label={t("vip_caricamento")} /> : t("vip_continua")}
        </button>
      )}
      {charging && <p className="center muted">{t("vip_caricamento")}</p>}
      {outcome && (
        <PaymentOutcomePopup
          status={outcome}
          message={outcome === "ok" ? "success" : "open"}
          onClose={() => setOutcome(null)}
        />
      )}
    </section>
  );
}
