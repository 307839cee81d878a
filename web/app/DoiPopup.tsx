import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { emailPattern } from "../../worker/contracts/auth";
import { FormMessage } from "../components/ui/FormMessage";
import { Popup } from "../components/ui/Popup";
import { Spinner } from "../components/ui/Spinner";
import { isMessageKey, type Message, useI18n } from "../i18n/i18n";
import { api, errorOf } from "../lib/api";
import { useSession } from "../lib/session/session";

const normalise = (email: string) => email.replace(/\s/g, "").toLowerCase();

/**
 * The double opt-in popup: the address the activation link went to, what to do, and a form to change a
 * wrong address (not empty, not the same one, not another member's); the change resends the link.
 */
export function DoiPopup({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const { state, updateMember } = useSession();
  const [newEmail, setNewEmail] = useState("");
  const [message, setMessage] = useState<(Message & { tone: "error" | "success" }) | null>(null);
  const changeEmail = useMutation({
    mutationFn: async (json: { oldEmail: string; newEmail: string }) => {
      const response = await api.users.changeEmail.$post({ json });
      return response.ok
        ? { ok: true as const, body: await response.json() }
        : { ok: false as const, error: await errorOf(response) };
    },
    onMutate: () => setMessage(null),
    onSuccess: (answer) => {
      if (answer.ok) {
        updateMember({ email: answer.body.user.email, confirmed_email: false });
        setNewEmail("");
        setMessage({ key: "doi_changed", vars: { email: answer.body.user.email }, tone: "success" });
        return;
      }
      setMessage({
        key: isMessageKey(answer.error.messageKey) ? answer.error.messageKey : "errore_generico",
        tone: "error",
      });
    },
    onError: (error) => {
      console.warn("changeEmail failed", error);
      setMessage({ key: "errore_generico", tone: "error" });
    },
  });
  const busy = changeEmail.isPending;
  if (state.status !== "member") return null;
  const current = state.member.email;

  function change(e: FormEvent) {
    e.preventDefault();
    const wanted = normalise(newEmail);
    if (!wanted || !emailPattern.test(wanted)) {
      setMessage({ key: "errore_email", tone: "error" });
      return;
    }
    if (wanted === normalise(current)) {
      setMessage({ key: "errore_stessa_mail", tone: "error" });
      return;
    }
    changeEmail.mutate({ oldEmail: current, newEmail: wanted });
  }

  const invalid = message?.tone === "error";
  return (
    <Popup
      title={t("doi_title")}
      onClose={onClose}
      testId="doi-popup"
      icon={<span aria-hidden="true">✉</span>}
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t("popup_close")}
        </button>
      }
    >
      <p>{t("doi_text", { email: current })}</p>
      <p className="muted small">{t("doi_note")}</p>
      <form className="inline-form" onSubmit={change} noValidate>
        <p className="small">{t("doi_change_intro")}</p>
        <label className={invalid ? "invalid" : undefined}>
          {t("doi_new_email")}
          <input
            type="email"
            name="newEmail"
            autoComplete="email"
            value={newEmail}
            onChange={(e) => setNewEmail(e.target.value)}
            aria-invalid={invalid}
          />
        </label>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? <Spinner label={t("app_loading")} /> : t("doi_change_submit")}
        </button>
        {message && <FormMessage tone={message.tone}>{t(message.key, message.vars)}</FormMessage>}
      </form>
    </Popup>
  );
}
