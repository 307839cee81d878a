import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import type { Operator } from "../../../worker/contracts/ops";
import { FormMessage } from "../../components/ui/FormMessage";
import { Popup } from "../../components/ui/Popup";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { errorOf, HttpError } from "../../lib/api";
import { MoneyLedger, MoneyOrders, MoneySubscriptions, MoneyTable } from "./MoneyTables";
import { methodLabel, paymentStatusLabel, refundReasonLabel } from "./money-labels";
import { OpsMemberNotifications } from "./OpsMemberNotifications";
import { formatCents, opsApi, opsErrorKey } from "./ops-api";
import { type OpsMoney, opsMoneyQuery } from "./ops-queries";
import { useOps, useSignOutOnUnauthorized } from "./ops-session";

type Payment = OpsMoney["payments"][number];
type Notice =
  | { tone: "success"; amount: string; credits: number; level: number }
  | { tone: "error"; key: MessageKey; code?: string; provider?: string };

/**
 * A member's money: who they are, their payments (a supervisor refunds a paid one here, with a reason), the
 * subscription, the orders and the credit ledger.
 */
export function OpsMoneyPage({ operator, clickid }: { operator: Operator; clickid: string }) {
  const { t, locale } = useI18n();
  const router = useRouter();
  const query = useQuery(opsMoneyQuery(clickid));
  useSignOutOnUnauthorized(query.error);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const supervisor = operator.role !== "operator";
  const missing = query.error instanceof HttpError && query.error.status === 404;
  const view = query.data ?? null;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });

  const back = (
    <button
      type="button"
      className="link-button back-link"
      // Back where the operator came from (the conversation, the search); a page opened on its own goes to the queue.
      onClick={() =>
        window.history.length > 1 ? router.history.back() : void router.navigate({ to: "/ops" })
      }
    >
      ← {t("ops_money_back")}
    </button>
  );
  if (missing) {
    return (
      <section className="ops-money">
        <FormMessage tone="error">{t("ops_money_error_member")}</FormMessage>
        {back}
      </section>
    );
  }
  if (!view) return <p className="muted center">{t("app_loading")}</p>;
  const { member } = view;
  const plans = new Map(view.orders.map((o) => [o.id, o.planName]));

  return (
    <section className="ops-money" data-testid="ops-money">
      <header className="ops-page-head">
        {back}
        <h1>{t("ops_money_title")}</h1>
      </header>

      <section className="card ops-profile ops-money-member" data-testid="ops-money-member">
        <h2>{t("ops_member")}</h2>
        <p className="ops-profile-name">
          <strong>{member.name ?? t("ops_member_no_name")}</strong>{" "}
          <code className="ops-code">{member.clickid}</code>
        </p>
        <dl className="ops-facts">
          {member.email && (
            <>
              <dt>{t("ops_money_email")}</dt>
              <dd>{member.email}</dd>
            </>
          )}
          <dt>{t("ops_profile_site")}</dt>
          <dd>{member.brandTitle}</dd>
          <dt>{t("ops_profile_premium")}</dt>
          <dd data-testid="ops-money-level">{member.premiumLevel}</dd>
          <dt>{t("ops_profile_credits")}</dt>
          <dd data-testid="ops-money-credits">{member.creditiMessaggi}</dd>
          <dt>{t("ops_money_icebreakers")}</dt>
          <dd>{member.creditiIcebreaker}</dd>
          <dt>{t("ops_money_next_bill")}</dt>
          <dd>{member.nextBillDate ? day.format(new Date(member.nextBillDate)) : "—"}</dd>
        </dl>
      </section>

      <OpsMemberNotifications clickid={clickid} />

      <MoneyTable
        title="ops_money_payments"
        empty="ops_money_no_payments"
        rowCount={view.payments.length}
        headers={[
          "ops_money_date",
          "ops_money_plan",
          "ops_money_amount",
          "ops_money_method",
          "ops_money_status",
          "ops_money_reference",
        ]}
        extraHeader={supervisor && <th aria-label={t("ops_money_refund")} />}
        notice={
          notice?.tone === "success" && (
            <div data-testid="ops-refund-done">
              <FormMessage tone="success">
                {t("ops_refund_done", {
                  amount: notice.amount,
                  credits: notice.credits,
                  level: notice.level,
                })}
              </FormMessage>
            </div>
          )
        }
      >
        {view.payments.map((p) => (
          <tr key={p.id} data-testid="ops-payment" data-payment-id={p.id} data-status={p.status}>
            <td data-label={t("ops_money_date")}>{time.format(new Date(p.createdAt))}</td>
            <td data-label={t("ops_money_plan")}>
              {plans.get(p.orderId) ?? `#${p.orderId}`}
              {p.purpose === "renewal" && <span className="muted small"> · {t("ops_money_renewal")}</span>}
            </td>
            <td data-label={t("ops_money_amount")} className="ops-num">
              {formatCents(p.amountCents, p.currency, locale)}
            </td>
            <td data-label={t("ops_money_method")}>{methodLabel(t, p)}</td>
            <td data-label={t("ops_money_status")}>
              <div>
                <span className={`ops-status ${p.status}`}>{paymentStatusLabel(t, p.status)}</span>
                {p.errorCode && <code className="ops-code"> {p.errorCode}</code>}
                <div className="muted small">
                  {t("ops_money_updated", { time: time.format(new Date(p.updatedAt)) })}
                </div>
                {p.refund && (
                  <div className="small ops-refund-note">
                    {t("ops_money_refunded_by", {
                      time: time.format(new Date(p.refund.createdAt)),
                      name: p.refund.operatorName ?? t("ops_audit_system"),
                      reason: refundReasonLabel(t, p.refund),
                    })}
                  </div>
                )}
              </div>
            </td>
            <td data-label={t("ops_money_reference")}>
              <code className="ops-code">
                {p.provider}
                {p.reference ? ` · ${p.reference}` : ""}
              </code>
            </td>
            {supervisor && (
              <td data-label="" className="ops-actions">
                {p.status === "succeeded" && p.amountCents > 0 && (
                  <button
                    type="button"
                    className="button small danger"
                    data-testid="ops-refund"
                    onClick={() => {
                      setNotice(null);
                      setRefunding(p);
                    }}
                  >
                    {t("ops_money_refund")}
                  </button>
                )}
              </td>
            )}
          </tr>
        ))}
      </MoneyTable>

      <MoneySubscriptions view={view} />
      <MoneyOrders view={view} />
      <MoneyLedger view={view} />

      {refunding && (
        <RefundDialog
          payment={refunding}
          onClose={() => setRefunding(null)}
          onDone={async (done) => {
            setRefunding(null);
            setNotice(done);
            await query.refetch();
          }}
        />
      )}
    </section>
  );
}

/** A provider's id as its name is written ("coda" → "Coda"). */
const providerName = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** The supervisor's confirmation: what the refund does, and why (required); the provider's answer shows here. */
function RefundDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: Payment;
  onClose: () => void;
  onDone: (notice: Notice & { tone: "success" }) => Promise<void>;
}) {
  const { t, locale } = useI18n();
  const { expired } = useOps();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<Notice | null>(null);
  const amount = formatCents(payment.amountCents, payment.currency, locale);
  const refund = useMutation({
    mutationFn: async (why: string) => {
      const response = await opsApi.payments[":paymentId"].refund.$post({
        param: { paymentId: String(payment.id) },
        json: { reason: why },
      });
      if (response.status === 401) return { expired: true as const };
      return response.ok
        ? { expired: false as const, ok: true as const, body: await response.json() }
        : { expired: false as const, ok: false as const, failure: await errorOf(response) };
    },
    onMutate: () => setError(null),
    onSuccess: async (outcome) => {
      if (outcome.expired) return expired();
      if (outcome.ok) {
        const { body } = outcome;
        await onDone({
          tone: "success",
          amount: formatCents(body.refund.amountCents, body.refund.currency, locale),
          credits: body.refund.creditsRemoved,
          level: body.balances.premiumLevel,
        });
        return;
      }
      const { failure } = outcome;
      setError({
        tone: "error",
        key: opsErrorKey(failure.code),
        code: failure.messageKey,
        provider: failure.provider && providerName(failure.provider),
      });
    },
    onError: () => setError({ tone: "error", key: "ops_error_generic" }),
  });
  const busy = refund.isPending;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (reason.trim().length < 3) {
      setError({ tone: "error", key: "ops_refund_reason_required" });
      return;
    }
    refund.mutate(reason.trim());
  }

  const message =
    error?.tone === "error"
      ? t(error.key, { code: error.code ?? "—", provider: error.provider ?? "—" })
      : null;
  const inPortal = error?.tone === "error" && error.key === "ops_error_refund_in_portal";

  return (
    <Popup
      title={
        inPortal
          ? t("ops_refund_in_portal_title", { provider: error.provider ?? "—" })
          : t("ops_refund_title", { amount })
      }
      onClose={() => (busy ? undefined : onClose())}
      dismissible={!busy}
      testId="ops-refund-dialog"
    >
      {inPortal ? (
        // Nothing to confirm here any more: the refund is the provider portal's to make.
        <>
          <FormMessage tone="error">{message}</FormMessage>
          <div className="popup-actions">
            <button type="button" className="button" onClick={onClose}>
              {t("popup_close")}
            </button>
          </div>
        </>
      ) : (
        <form className="ops-refund-form" onSubmit={submit}>
          <p>{t("ops_refund_body", { amount, method: methodLabel(t, payment) })}</p>
          <label className="ops-reply">
            <span className="small muted">{t("ops_refund_reason")}</span>
            <textarea
              name="reason"
              rows={3}
              maxLength={500}
              required
              value={reason}
              disabled={busy}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
            />
          </label>
          {message && <FormMessage tone="error">{message}</FormMessage>}
          <div className="popup-actions">
            <button type="button" className="button" disabled={busy} onClick={onClose}>
              {t("ops_refund_cancel")}
            </button>
            <button type="submit" className="button danger" disabled={busy} data-testid="ops-refund-confirm">
              {t("ops_refund_confirm", { amount })}
            </button>
          </div>
        </form>
      )}
    </Popup>
  );
}
