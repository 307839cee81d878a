import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { formatMoney } from "../../../worker/contracts/money";
import { ContentPopup } from "../../components/ui/ContentPopup";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { useI18n } from "../../i18n/i18n";
import { billingQuery, downloadReceipt, UNSUBSCRIBE_RELOAD_MS, unsubscribeMember } from "../../lib/billing";
import { useSession } from "../../lib/session/session";
import { keptMethodLine, walletNames } from "./kept-method";
import { Withdrawals } from "./Withdrawals";

/**
 * The own profile's billing: the plan's status with its next billing date, the receipts of the paylog, and the
 * one-click unsubscribe (level above 1; disabled in the compliant flow, with why). On ok the page reloads after
 * 6 s. A change of the member's payments told by the room (a refund, say) shows without a reload.
 */
export function BillingSection() {
  const { t, locale } = useI18n();
  const { state, room } = useSession();
  const billing = useQuery(billingQuery());
  const queryClient = useQueryClient();
  // A purchase, a renewal, a refund or an unsubscribe in any tab (or by a supervisor) shows here at once.
  useEffect(() => {
    if (!room) return;
    return room.subscribe((event) => {
      if (event.event === "billing")
        void queryClient.invalidateQueries({ queryKey: billingQuery().queryKey });
    });
  }, [room, queryClient]);
  const [step, setStep] = useState<"idle" | "confirm" | "working" | "done" | "failed">("idle");
  const [receiptFailed, setReceiptFailed] = useState(false);
  const reload = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reload.current), []);
  const clickid = state.status === "member" ? state.member.clickid : null;
  const data = billing.data;
  const day = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(iso));

  async function unsubscribe() {
    if (!clickid) return;
    setStep("working");
    if (await unsubscribeMember(clickid)) {
      setStep("done");
      reload.current = setTimeout(() => window.location.reload(), UNSUBSCRIBE_RELOAD_MS);
    } else {
      setStep("failed");
    }
  }

  if (billing.isPending) return <Spinner label={t("app_loading")} />;
  if (!data) return <FormMessage tone="error">{t("errore_generico")}</FormMessage>;
  const status =
    data.status === "subscribed"
      ? t("profilo_stato_subscribed", {
          plan: data.planName ?? "",
          date: data.nextBillDate ? day(data.nextBillDate) : "",
          price: formatMoney(data.renewalAmount ?? 0, data.currency, locale),
        })
      : data.status === "canceled"
        ? t("profilo_stato_canceled", {
            plan: data.planName ?? "",
            date: data.periodEnd ? day(data.periodEnd) : "",
          })
        : t(data.status === "paid" ? "profilo_stato_paid" : "profilo_stato_free");

  const kept = keptMethodLine(data.card, t);

  return (
    <section className="card billing" aria-labelledby="billing-title" data-testid="billing">
      <h2 id="billing-title">{t("profilo_piano")}</h2>
      <p data-testid="billing-status">{status}</p>
      <dl className="billing-next">
        <dt>{t("profilo_prossimo_addebito")}</dt>
        <dd data-testid="billing-next">
          {data.nextBillDate ? day(data.nextBillDate) : t("profilo_nessun_addebito")}
        </dd>
      </dl>
      <dl className="billing-next">
        <dt>{kept.term}</dt>
        <dd data-testid="billing-card">{kept.text}</dd>
      </dl>
      {data.card && data.card.kind !== "card" ? (
        // A wallet has no card to change: it renews the plan until a card kept at /purchase/card replaces it.
        <>
          {data.status === "subscribed" && (
            <p className="muted small" data-testid="billing-wallet-note">
              {t("profilo_wallet_rinnovo", { method: t(walletNames[data.card.kind]) })}
            </p>
          )}
          <Link to="/purchase/card" className="billing-link" data-testid="billing-wallet-to-card">
            {t("profilo_wallet_a_carta", { method: t(walletNames[data.card.kind]) })}
          </Link>
        </>
      ) : (
        <Link to="/purchase/card" className="billing-link" data-testid="billing-change-card">
          {t(data.card ? "profilo_cambia_carta" : "profilo_aggiungi_carta")}
        </Link>
      )}
      <Withdrawals />
      <h3>{t("profilo_ricevute")}</h3>
      {data.paylog.length === 0 ? (
        <p className="muted small">{t("profilo_nessuna_ricevuta")}</p>
      ) : (
        <ul className="paylog" data-testid="paylog">
          {data.paylog.map((charge) => (
            <li key={charge.chargeId}>
              <span className="paylog-date">{day(charge.dataTransazione)}</span>
              <span className="paylog-plan">{charge.nomePiano}</span>
              <span className="paylog-price">
                {formatMoney(charge.prezzo, charge.currency, locale)}
                {charge.refunded && <em className="paylog-refunded"> · {t("profilo_rimborsato")}</em>}
              </span>
              <button
                type="button"
                className="paylog-receipt"
                data-testid={`receipt-${charge.chargeId}`}
                onClick={() =>
                  void downloadReceipt(charge.chargeId, locale).then((ok) => setReceiptFailed(!ok))
                }
              >
                {t("profilo_ricevuta_scarica")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {receiptFailed && <FormMessage tone="error">{t("errore_generico")}</FormMessage>}
      {data.premiumLevel > 1 || data.unsubscribeDisabled ? (
        <>
          <button
            type="button"
            className="button"
            data-testid="billing-unsubscribe"
            aria-describedby={data.unsubscribeDisabled ? "billing-unsubscribe-note" : undefined}
            disabled={!data.canUnsubscribe || step === "working" || step === "done"}
            onClick={() => setStep("confirm")}
          >
            {step === "working" ? <Spinner label={t("app_loading")} /> : t("disiscrizione_bottone")}
          </button>
          {data.unsubscribeDisabled && (
            <p className="muted small" id="billing-unsubscribe-note" data-testid="billing-unsubscribe-note">
              {t("profilo_disiscrizione_disabilitata")}
            </p>
          )}
        </>
      ) : null}
      {step === "done" && (
        <div data-testid="unsubscribe-ok">
          <FormMessage tone="success">{t("disiscrizione_ok")}</FormMessage>
        </div>
      )}
      {step === "failed" && (
        <div data-testid="unsubscribe-ko">
          <FormMessage tone="error">{t("disiscrizione_ko")}</FormMessage>
        </div>
      )}
      {step === "confirm" && (
        <ContentPopup
          content={{
            title: t("disiscrizione_conferma_titolo"),
            descrizione: t("disiscrizione_conferma_testo", {
              date: data.periodEnd ? day(data.periodEnd) : "",
            }),
            bottoni: [
              { testo: t("disiscrizione_mantieni") },
              {
                testo: t("disiscrizione_bottone"),
                onclick: "unsubscribe",
                primary: true,
                testId: "unsubscribe-confirm-yes",
              },
            ],
          }}
          testId="unsubscribe-confirm"
          onClose={() => setStep("idle")}
          onAction={() => void unsubscribe()}
        />
      )}
    </section>
  );
}
