// Linking Telegram: a deep link to the brand's bot with a single-use /start token (10 minutes); while the member
// is in Telegram the state is asked again every few seconds, and shows "linked" once the bot got /start.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { TelegramStart } from "../../../worker/contracts/telegram";
import { FormMessage } from "../../components/ui/FormMessage";
import { useI18n } from "../../i18n/i18n";
import { api, okJson } from "../../lib/api";
import "./telegram-link.css";

/** How often the state is asked while a deep link is open (the member is in Telegram). */
const POLL_MS = 3_000;
const stateKey = ["telegram-link"] as const;

export function TelegramLink() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [start, setStart] = useState<TelegramStart | null>(null);
  const waiting = start !== null && new Date(start.expiresAt).getTime() > Date.now();
  const state = useQuery({
    queryKey: stateKey,
    queryFn: async () => okJson(await api.api.notifications.telegram.$get()),
    refetchInterval: (query) => (waiting && !query.state.data?.linked ? POLL_MS : false),
  });
  // Linking turns the Telegram toggle on, unlinking off: the profile's and the channels page's copies are read again.
  const linked = state.data?.linked;
  const seen = useRef(linked);
  useEffect(() => {
    const before = seen.current;
    seen.current = linked;
    if (before !== undefined && linked !== undefined && before !== linked) {
      void queryClient.invalidateQueries({ queryKey: ["own-profile"] });
      void queryClient.invalidateQueries({ queryKey: ["notification-channels"] });
    }
  }, [linked, queryClient]);
  const ask = useMutation({
    mutationFn: async () => okJson(await api.api.notifications.telegram.link.$post()),
    onSuccess: setStart,
  });
  const unlink = useMutation({
    mutationFn: async () => okJson(await api.api.notifications.telegram.$delete()),
    onSuccess: (data) => {
      setStart(null);
      queryClient.setQueryData(stateKey, data);
    },
  });

  const data = state.data;
  const failed = state.isError || ask.isError || unlink.isError;
  return (
    <section className="card telegram-link" aria-labelledby="telegram-link-title" aria-busy={state.isPending}>
      <h2 id="telegram-link-title">{t("telegram_title")}</h2>
      {data?.linked ? (
        <>
          <p role="status" className="telegram-linked">
            {t("telegram_linked", { bot: data.bot })}
          </p>
          <button
            type="button"
            className="button"
            disabled={unlink.isPending}
            onClick={() => unlink.mutate()}
          >
            {t("telegram_unlink")}
          </button>
        </>
      ) : (
        <>
          <p className="muted small">{t("telegram_intro")}</p>
          {start && waiting ? (
            <>
              <a className="button primary" href={start.deepLink} target="_blank" rel="noopener noreferrer">
                {t("telegram_open_bot", { bot: start.bot })}
              </a>
              <p className="muted small">{t("telegram_waiting")}</p>
            </>
          ) : (
            <>
              {start && <FormMessage tone="error">{t("telegram_expired")}</FormMessage>}
              <button
                type="button"
                className="button primary"
                disabled={ask.isPending || state.isPending}
                onClick={() => ask.mutate()}
              >
                {t("telegram_link")}
              </button>
            </>
          )}
        </>
      )}
      {failed && <FormMessage tone="error">{t("errore_generico")}</FormMessage>}
    </section>
  );
}
