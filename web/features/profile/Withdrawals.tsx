import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { formatMoney } from "../../../worker/contracts/money";
import type { Withdrawable } from "../../../worker/contracts/withdrawal";
import { FormMessage } from "../../components/ui/FormMessage";
import { Popup } from "../../components/ui/Popup";
import { Spinner } from "../../components/ui/Spinner";
import { isMessageKey, type MessageKey, useI18n } from "../../i18n/i18n";
import { api, errorOf, okJson } from "../../lib/api";
import "./rights.css";

const withdrawalsQuery = {
  queryKey: ["withdrawals"],
  queryFn: async () => okJson(await api.api.withdrawals.$get()),
};

/**
 * The withdrawal function of the billing section (EU Directive 2011/83 art. 11a), in two steps: each purchase
 * of the last 14 days with "withdraw from contract here" and what a withdrawal refunds, then a confirmation.
 * The acknowledgement is mailed at once; the section shows the withdrawal's date and time.
 */
export function Withdrawals() {
  const { t, locale } = useI18n();
  const client = useQueryClient();
  const list = useQuery(withdrawalsQuery);
  const [confirming, setConfirming] = useState<Withdrawable | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);
  const withdraw = useMutation({
    mutationFn: async (purchase: Withdrawable) => {
      const response = await api.api.withdrawals.$post({ json: { paymentId: purchase.paymentId } });
      return response.ok ? null : errorOf(response);
    },
    onMutate: () => setError(null),
    // Withdrawn or not, the list and the billing section are read again before the confirmation closes.
    onSuccess: async (failure) => {
      if (failure) setError(isMessageKey(failure.messageKey) ? failure.messageKey : "errore_generico");
      await client.invalidateQueries({ queryKey: ["withdrawals"] });
      await client.invalidateQueries({ queryKey: ["billing"] });
    },
    onError: () => setError("errore_generico"),
    onSettled: () => setConfirming(null),
  });
  const busy = withdraw.isPending;
  const section = useRef<HTMLElement>(null);
  // The purchase mail's link (/profile?recesso={id}#withdraw) lands here.
  const wanted = new URLSearchParams(window.location.search).get("recesso");
  useEffect(() => {
    if (wanted && list.data) section.current?.scrollIntoView({ block: "start" });
  }, [wanted, list.data]);

  const purchases = list.data?.purchases ?? [];
  if (purchases.length === 0) return null;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short" }).format(new Date(iso));
  const day = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(iso));
  const money = (q: Withdrawable, cents: number) => formatMoney(cents, q.currency, locale);

  const explain = (q: Withdrawable) =>
    !q.performanceConsent
      ? t("recesso_rimborso_intero", { amount: money(q, q.refundCents) })
      : q.kind === "subscription"
        ? t("recesso_rimborso_giorni", { amount: money(q, q.refundCents), used: q.used, days: q.bought })
        : t("recesso_rimborso_crediti", { amount: money(q, q.refundCents), used: q.used, credits: q.bought });

  return (
    <section
      className="withdrawals"
      id="withdraw"
      ref={section}
      aria-labelledby="withdraw-title"
      data-testid="withdrawals"
    >
      <h3 id="withdraw-title">{t("recesso_titolo")}</h3>
      <p className="muted small">{t("recesso_spiegazione", { days: list.data?.days ?? 14 })}</p>
      {error && <FormMessage tone="error">{t(error)}</FormMessage>}
      <ul>
        {purchases.map((q) => (
          <li key={q.paymentId} data-testid={`withdrawable-${q.paymentId}`}>
            <p>
              <strong>{q.planName}</strong> · {money(q, q.amountCents)} ·{" "}
              {t("recesso_contratto", { contract: q.contract })}
              <br />
              <span className="muted small">
                {t("recesso_acquistato", { date: day(q.paidAt) })}
                {q.available && ` · ${t("recesso_entro", { date: when(q.deadline) })}`}
              </span>
            </p>
            {q.withdrawal ? (
              <FormMessage tone="success">
                {t(q.withdrawal.status === "refunded" ? "recesso_rimborsato" : "recesso_ricevuto", {
                  date: when(q.withdrawal.at),
                  amount: money(q, q.refundCents),
                })}
              </FormMessage>
            ) : q.available ? (
              <>
                <p className="small">{explain(q)}</p>
                <button
                  type="button"
                  className="button danger withdraw-button"
                  data-testid={`withdraw-${q.paymentId}`}
                  onClick={() => setConfirming(q)}
                >
                  {t("recesso_funzione")}
                </button>
              </>
            ) : (
              <p className="muted small">
                {t(q.reason === "all_used" ? "recesso_crediti_usati" : "recesso_non_disponibile")}
              </p>
            )}
          </li>
        ))}
      </ul>
      {confirming && (
        <Popup
          title={t("recesso_conferma_titolo")}
          testId="withdraw-confirm"
          onClose={() => setConfirming(null)}
          actions={
            <>
              <button type="button" className="button" onClick={() => setConfirming(null)}>
                {t("recesso_annulla")}
              </button>
              <button
                type="button"
                className="button danger"
                data-testid="withdraw-confirm-yes"
                disabled={busy}
                onClick={() => withdraw.mutate(confirming)}
              >
                {busy ? <Spinner label={t("app_loading")} /> : t("recesso_conferma")}
              </button>
            </>
          }
        >
          <p>
            {t("recesso_conferma_testo", {
              plan: confirming.planName,
              contract: confirming.contract,
              amount: money(confirming, confirming.refundCents),
            })}
          </p>
          <p className="small">{explain(confirming)}</p>
        </Popup>
      )}
    </section>
  );
}
