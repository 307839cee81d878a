import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { MarketingConsents } from "../../../worker/contracts/consents";
import { FormMessage } from "../../components/ui/FormMessage";
import { Popup } from "../../components/ui/Popup";
import { Spinner } from "../../components/ui/Spinner";
import { isMessageKey, type MessageKey, useI18n } from "../../i18n/i18n";
import { api, errorOf, okJson } from "../../lib/api";
import { useSession } from "../../lib/session/session";
import { store } from "../../lib/storage";
import { CookieChoices } from "./CookieChoices";
import "./rights.css";

/** The spec's delay before the reload after the profile is disabled; a deletion ends the same way. */
const DELETED_RELOAD_MS = 5000;

const rightsQuery = { queryKey: ["privacy"], queryFn: async () => okJson(await api.api.privacy.$get()) };

/**
 * "Your data and privacy": the two marketing consents (changed at once and recorded), the data archive
 * (GDPR art. 15 and 20: a zip made at once, its link mailed too) and the deletion of the account (art. 17:
 * confirmed with the password, or a code by e-mail; erased after the grace period unless the member logs in).
 */
export function RightsSection() {
  const { t, locale } = useI18n();
  const { room } = useSession();
  const client = useQueryClient();
  const rights = useQuery(rightsQuery);
  const [note, setNote] = useState<{ tone: "success" | "error"; text: string } | null>(() =>
    new URLSearchParams(window.location.search).get("dati") === "scaduto"
      ? { tone: "error", text: "" }
      : null,
  );
  const [deleting, setDeleting] = useState<"closed" | "open" | "done">("closed");
  const [secret, setSecret] = useState("");
  const [deleteError, setDeleteError] = useState<MessageKey | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const [dueAt, setDueAt] = useState<string | null>(null);
  const reload = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reload.current), []);
  const data = rights.data;
  const day = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(iso));
  const time = (iso: string) => new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(new Date(iso));

  // The boxes show the member's choice at once; a refused save puts back what the server keeps.
  const [marketing, setMarketing] = useState<MarketingConsents | null>(null);
  const shown = marketing ?? data?.marketing ?? null;
  const saveConsent = useMutation({
    mutationFn: async ({
      use,
      on,
    }: {
      use: keyof MarketingConsents;
      on: boolean;
      before: MarketingConsents;
    }) => okJson(await api.api.privacy.consents.$put({ json: { [use]: on } })),
    onSuccess: async (saved) => {
      setMarketing(saved);
      await client.invalidateQueries({ queryKey: ["privacy"] });
      setNote({ tone: "success", text: t("privacy_consensi_salvati") });
    },
    onError: (_failure, { before }) => {
      setMarketing(before);
      setNote({ tone: "error", text: t("errore_generico") });
    },
  });
  function toggle(use: keyof MarketingConsents, on: boolean) {
    if (!shown) return;
    setMarketing({ ...shown, [use]: on });
    saveConsent.mutate({ use, on, before: shown });
  }

  // The archive, the deletion code and the deletion are asked with mutateAsync: a call that gets no answer
  // stays an unhandled rejection, which the error reporting logs.
  const exportData = useMutation({
    mutationFn: async () => {
      const response = await api.api.privacy.export.$post();
      return response.ok
        ? { ok: true as const, link: await response.json() }
        : { ok: false as const, failure: await errorOf(response) };
    },
    onMutate: () => setNote(null),
    onSuccess: (answer) => {
      if (answer.ok) {
        setNote({ tone: "success", text: t("dati_pronti", { time: time(answer.link.expiresAt) }) });
        window.location.assign(answer.link.url);
        return;
      }
      setNote({
        tone: "error",
        text: t(answer.failure.code === "too_many_exports" ? "dati_troppi" : "errore_generico"),
      });
    },
  });
  const exporting = exportData.isPending;

  const sendCode = useMutation({
    mutationFn: async () => {
      const response = await api.api.privacy.deletion.code.$post();
      return response.ok ? null : errorOf(response);
    },
    onSuccess: (failure) => {
      if (!failure) setCodeSent(true);
      else setDeleteError(isMessageKey(failure.messageKey) ? failure.messageKey : "errore_generico");
    },
  });

  const deletion = useMutation({
    mutationFn: async (json: { password: string } | { code: string }) => {
      const response = await api.api.privacy.deletion.$post({ json });
      return response.ok
        ? { ok: true as const, body: await response.json() }
        : { ok: false as const, failure: await errorOf(response) };
    },
    onMutate: () => {
      setDeleteError(null);
      // The room restarts the member's other tabs; this one shows the date first.
      room?.ownRestart(true);
    },
    onSuccess: (answer) => {
      if (answer.ok) {
        setDueAt(answer.body.erasureDueAt);
        setDeleting("done");
        store.clearAll();
        reload.current = setTimeout(() => window.location.assign("/"), DELETED_RELOAD_MS);
        return;
      }
      room?.ownRestart(false);
      setDeleteError(isMessageKey(answer.failure.messageKey) ? answer.failure.messageKey : "errore_generico");
      setDeleting("open");
    },
  });
  const working = deletion.isPending;

  function confirmDeletion(e: FormEvent) {
    e.preventDefault();
    if (!data) return;
    void deletion.mutateAsync(data.hasPassword ? { password: secret } : { code: secret.trim() });
  }

  return (
    <section className="card rights" aria-labelledby="rights-title" data-testid="rights">
      <h2 id="rights-title">{t("privacy_titolo")}</h2>
      {rights.isPending && <Spinner label={t("app_loading")} />}
      {shown && (
        <fieldset className="rights-consents" data-testid="marketing-consents">
          <legend>{t("privacy_consensi")}</legend>
          <p className="muted small">{t("privacy_consensi_spiegazione")}</p>
          <label className="toggle">
            <input
              type="checkbox"
              name="promotions"
              checked={shown.promotions}
              onChange={(e) => toggle("promotions", e.target.checked)}
            />
            {t("signup_terms2")}
          </label>
          <label className="toggle">
            <input
              type="checkbox"
              name="third_parties"
              checked={shown.third_parties}
              onChange={(e) => toggle("third_parties", e.target.checked)}
            />
            {t("signup_terms3")}
          </label>
        </fieldset>
      )}
      <CookieChoices />
      <h3>{t("dati_titolo")}</h3>
      <p className="muted small">{t("dati_spiegazione", { count: data?.exportsPerDay ?? 3 })}</p>
      <button
        type="button"
        className="button"
        data-testid="download-data"
        disabled={exporting}
        onClick={() => void exportData.mutateAsync()}
      >
        {exporting ? <Spinner label={t("app_loading")} /> : t("dati_scarica")}
      </button>
      {note && (
        <div data-testid="rights-note">
          <FormMessage tone={note.tone}>{note.text || t("dati_link_scaduto")}</FormMessage>
        </div>
      )}
      <h3>{t("elimina_titolo")}</h3>
      <p className="muted small">{t("elimina_spiegazione", { days: data?.deletionGraceDays ?? 30 })}</p>
      <button
        type="button"
        className="button danger"
        data-testid="delete-account"
        onClick={() => setDeleting("open")}
      >
        {t("elimina_bottone")}
      </button>
      {deleting === "open" && data && (
        <Popup
          title={t("elimina_conferma_titolo")}
          testId="delete-confirm"
          onClose={() => setDeleting("closed")}
        >
          <form className="form delete-form" onSubmit={confirmDeletion}>
            <p>{t("elimina_conferma_testo", { days: data.deletionGraceDays })}</p>
            {data.hasPassword ? (
              <label>
                {t("elimina_password")}
                <input
                  type="password"
                  name="password"
                  autoComplete="current-password"
                  value={secret}
                  onChange={(e) => {
                    setSecret(e.target.value);
                    setDeleteError(null);
                  }}
                  aria-invalid={deleteError === "elimina_password_errata"}
                />
              </label>
            ) : (
              <>
                <button
                  type="button"
                  className="button"
                  data-testid="delete-send-code"
                  onClick={() => void sendCode.mutateAsync()}
                >
                  {t(codeSent ? "elimina_codice_inviato" : "elimina_invia_codice")}
                </button>
                <label>
                  {t("elimina_codice")}
                  <input
                    inputMode="numeric"
                    name="code"
                    autoComplete="one-time-code"
                    value={secret}
                    onChange={(e) => {
                      setSecret(e.target.value);
                      setDeleteError(null);
                    }}
                  />
                </label>
              </>
            )}
            {deleteError && <FormMessage tone="error">{t(deleteError)}</FormMessage>}
            <div className="popup-actions">
              <button type="button" className="button" onClick={() => setDeleting("closed")}>
                {t("elimina_annulla")}
              </button>
              <button
                type="submit"
                className="button danger"
                data-testid="delete-confirm-yes"
                disabled={working}
              >
                {working ? <Spinner label={t("app_loading")} /> : t("elimina_conferma")}
              </button>
            </div>
          </form>
        </Popup>
      )}
      {deleting === "done" && dueAt && (
        <Popup
          title={t("elimina_fatto_titolo")}
          onClose={() => undefined}
          dismissible={false}
          testId="delete-done"
        >
          <p>{t("elimina_fatto_testo", { date: day(dueAt) })}</p>
        </Popup>
      )}
    </section>
  );
}
