import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import type { Operator } from "../../../worker/contracts/ops";
import { FormMessage } from "../../components/ui/FormMessage";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { errorOf } from "../../lib/api";
import { opsApi, opsErrorKey } from "./ops-api";
import { opsQueueQuery } from "./ops-queries";
import { useOps, useSignOutOnUnauthorized } from "./ops-session";

type QueueEntry = { clickid: string; angelId: number };
const keyOf = (item: QueueEntry) => `${item.clickid}/${item.angelId}`;
const paramOf = (item: QueueEntry) => ({ clickid: item.clickid, angelId: String(item.angelId) });

export function OpsQueuePage({ operator }: { operator: Operator }) {
  const { t, locale } = useI18n();
  const { expired } = useOps();
  const navigate = useNavigate();
  const [error, setError] = useState<{ key: MessageKey; capacity?: number } | null>(null);

  const query = useQuery(opsQueueQuery());
  useSignOutOnUnauthorized(query.error);
  const queue = query.data ?? null;

  const take = useMutation({
    mutationFn: async (item: QueueEntry) => {
      const response = await opsApi.conversations[":clickid"][":angelId"].take.$post({
        param: paramOf(item),
      });
      if (response.ok) return { taken: true as const };
      if (response.status === 401) return { taken: false as const, expired: true as const };
      return {
        taken: false as const,
        expired: false as const,
        key: opsErrorKey((await errorOf(response)).code),
      };
    },
    onMutate: () => setError(null),
    onSuccess: async (outcome, item) => {
      if (outcome.taken) {
        await navigate({ to: "/ops/c/$clickid/$angelId", params: paramOf(item) });
        return;
      }
      if (outcome.expired) return expired();
      setError({ key: outcome.key, capacity: operator.capacity });
      await query.refetch();
    },
    onError: () => setError({ key: "ops_error_generic" }),
  });
  /** The entry being taken: its button waits. */
  const busy = take.isPending ? keyOf(take.variables) : null;

  const time = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" });
  return (
    <section className="ops-queue">
      <header className="ops-page-head">
        <h1>{t("ops_queue_title")}</h1>
        {queue && (
          <p className="muted" data-testid="ops-held">
            {t("ops_queue_held", { held: queue.held, capacity: queue.capacity })}
          </p>
        )}
      </header>
      {error && (
        <FormMessage tone="error">
          {t(error.key, { capacity: error.capacity ?? operator.capacity })}
        </FormMessage>
      )}
      {!operator.allBrands && operator.brands.length === 0 ? (
        <p className="muted ops-empty" data-testid="ops-no-brands">
          {t("ops_brands_none_help")}
        </p>
      ) : (
        queue && queue.items.length === 0 && <p className="muted ops-empty">{t("ops_queue_empty")}</p>
      )}
      <ul className="ops-list">
        {queue?.items.map((item) => {
          const key = keyOf(item);
          const mine = item.lease?.operatorId === operator.id;
          const param = paramOf(item);
          return (
            <li key={key} className="card ops-item" data-testid="ops-queue-item" data-clickid={item.clickid}>
              <div className="ops-item-main">
                <p className="ops-item-who">
                  <strong>{item.memberName ?? t("ops_member_no_name")}</strong>
                  <span aria-hidden="true"> → </span>
                  <strong>{item.angelName}</strong>
                  <span className="badge ops-brand">{item.brandId}</span>
                </p>
                <p className="ops-item-last">{item.lastMessage}</p>
                <p className="muted small">
                  {t("ops_waiting_since", { time: time.format(new Date(item.waitingSince)) })}
                </p>
              </div>
              <div className="ops-item-side">
                {item.lease && !mine && (
                  <span className="ops-lease other">
                    {t("ops_taken_by", { name: item.lease.operatorName })}
                  </span>
                )}
                {mine ? (
                  <Link to="/ops/c/$clickid/$angelId" params={param} className="button small primary">
                    {t("ops_open")}
                  </Link>
                ) : (
                  !item.lease && (
                    <button
                      type="button"
                      className="button small primary"
                      disabled={busy === key}
                      onClick={() => take.mutate(item)}
                    >
                      {t("ops_take")}
                    </button>
                  )
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
