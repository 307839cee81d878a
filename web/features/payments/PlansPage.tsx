import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { formatMoney } from "../../../worker/contracts/money";
import { type RatePlanRow, shownPlans } from "../../../worker/contracts/payments";
import { BackArrow } from "../../components/ui/BackArrow";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { api } from "../../lib/api";
import { readBrand } from "../../lib/brand";
import { firePixel } from "../../lib/consent";
import { useMemberHome, useSession } from "../../lib/session/session";
import { trackEvent } from "../../lib/track-event";
import { AGE_CHECK_FEE_CENTS } from "./AgeVerificationHeader";
import { browserFields } from "./browser-fields";
import { PaymentOutcomePopup } from "./PaymentOutcomePopup";
import { PerformanceConsent } from "./PerformanceConsent";
import { PlanRowContent } from "./PlanRowContent";
import { type PlanPageType, plansQuery } from "./payments-queries";
import { TermsPopupLink } from "./TermsPopupLink";
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

/** The VIP header of members who seek men; a failed load falls back to another VIP picture, then the icon. */
const VIP_HEADER_IMAGES = ["/vip/vip-header.svg", "/vip/vip-header-alt.svg"];

function VipHeaderImage({ onAllFailed }: { onAllFailed: () => void }) {
  const [index, setIndex] = useState(0);
  return (
    <img
      className="plans-header-vip"
      src={VIP_HEADER_IMAGES[index]}
      alt="VIP"
      width={640}
      height={200}
      data-testid="plans-header-vip"
      data-fallback={index > 0 ? "alt" : undefined}
      onError={() => (index + 1 < VIP_HEADER_IMAGES.length ? setIndex(index + 1) : onAllFailed())}
    />
  );
}

/**
 * The age-verification variant (a verificaEta flow, member not verified yet): an 18+ badge and the age text
 * instead of the plan list; continuing opens the payment page for the zero-amount card check.
 */
function AgeVerification({ plan, onContinue }: { plan: RatePlanRow; onContinue: () => void }) {
  const { t, locale } = useI18n();
  return (
    <section className="plans-verify" data-testid="plans-verify">
      <span className="badge-18" role="img" aria-label={t("vip_verifica_badge")}>
        18+
      </span>
      <h2>{t("vip_verifica_titolo")}</h2>
      <p>{t("vip_verifica_testo", { amount: formatMoney(plan.prezzo_totale, plan.currency, locale) })}</p>
      <p className="plans-verify-price">
        <strong>{formatMoney(plan.prezzo_totale, plan.currency, locale)}</strong>
      </p>
      <p className="muted">
        {t("vip_verifica_commissione", {
          low: formatMoney(AGE_CHECK_FEE_CENTS.low, plan.currency, locale),
          high: formatMoney(AGE_CHECK_FEE_CENTS.high, plan.currency, locale),
        })}
      </p>
      <p className="muted">{t("vip_verifica_no_abbonamento")}</p>
      <button
        type="button"
        className="button primary plans-continue"
        data-testid="plans-continue"
        onClick={onContinue}
      >
        {t("vip_verifica_continua")}
      </button>
    </section>
  );
}

/**
 * /vip_plan/{type}: the plans of the member's list (free, premium, or the compliant flow's own). The first
 * tap selects a plan, a tap on the selected one or the continue button goes on to the payment page; the
 * compliant flow (0000) first asks for its terms checkbox. A verificaEta flow asks an unverified member to
 * verify their age first.
 */
export function PlansPage({ type }: { type: PlanPageType }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const plans = useQuery(plansQuery());
  const [selected, setSelected] = useState<string | null>(null);
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [performance, setPerformance] = useState(false);
  const [charging, setCharging] = useState(false);
  const [outcome, setOutcome] = useState<"ok" | "open" | null>(null);
  const { state } = useSession();
  const home = useMemberHome();
  const clickid = state.status === "member" ? state.member.clickid : null;
  const seeksMen = state.status === "member" && state.member.cerco === "uomo";
  const [vipImageFailed, setVipImageFailed] = useState(false);
  const data = plans.data;
  const premium = (data?.premiumLevel ?? 0) > 0;
  // The spec: a plan with visibile is shown; for premium members, first_selling plans are hidden.
  const list = data ? shownPlans(data.rateplan[0]?.[data.list] ?? [], data.premiumLevel) : [];
  const compliant = data?.fluxId === "0000";
  const verifyPlan = data?.verificaEta && !data.verified ? data.rateplan[0]?.verifica[0] : undefined;

  useEffect(() => {
    if (data && selected === null) setSelected(data.chosen);
  }, [data, selected]);

  function proceed(productId: string | null) {
    if (!productId || charging) return;
    if (compliant && !terms) {
      setTermsError(true);
      return;
    }
    trackEvent(
      "scelta_rateplan",
      { brand: readBrand(), ...(clickid ? { clickid } : {}), premiumLevel: data?.premiumLevel ?? 0 },
      { valore: productId },
    );
    // A kept card is charged at once (not in the compliant flow, nor for age verification).
    if (data?.actonfile && !compliant && clickid) void oneTap(productId, clickid);
    else void navigate({ to: "/purchase/pay", search: { plan: productId, type } });
  }

  async function oneTap(productId: string, member: string) {
    setCharging(true);
    firePixel(readBrand(), "tentativo", member);
    try {
      const response = await api.orders.actonfile.tryCharge.$post({
        json: {
          rateplan: productId,
          clickid: member,
          immediatePerformance: performance,
          ...browserFields(locale),
        },
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
        {seeksMen && !vipImageFailed ? (
          <VipHeaderImage onAllFailed={() => setVipImageFailed(true)} />
        ) : (
          <PlansIcon premium={premium} />
        )}
        <BackArrow label={t("back_indietro")} to={home} history className="plans-back" />
        <h1>{t(verifyPlan ? "vip_verifica_header" : headers[type])}</h1>
        {!verifyPlan && data && <p>{t("vip_sottotitolo", { value: data.valoreMessaggio })}</p>}
      </header>
      {plans.isPending && <Spinner label={t("app_loading")} />}
      {verifyPlan && (
        <AgeVerification
          plan={verifyPlan}
          onContinue={() =>
            void navigate({ to: "/purchase/pay", search: { plan: verifyPlan.product_id, type } })
          }
        />
      )}
      {plans.isError && <FormMessage tone="error">{t("errore_generico")}</FormMessage>}
      {data && !verifyPlan && list.length === 0 && (
        <FormMessage tone="error">{t("vip_nessun_piano")}</FormMessage>
      )}
      {!verifyPlan && (
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
                  <PlanRowContent plan={plan} messagePrice={data?.valoreMessaggio ?? 0} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {compliant && !verifyPlan && (
        <div className="plan-terms-row">
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
          <TermsPopupLink />
        </div>
      )}
      {termsError && <FormMessage tone="error">{t("errore_termini_piano")}</FormMessage>}
      {/* A kept card pays at once from here: the request for immediate performance is asked here too. */}
      {data?.actonfile && !compliant && !verifyPlan && list.length > 0 && (
        <PerformanceConsent
          renews={list.find((p) => p.product_id === selected)?.renewal_days != null}
          checked={performance}
          onChange={setPerformance}
        />
      )}
      {list.length > 0 && !verifyPlan && (
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
