import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { FormMessage } from "../../components/ui/FormMessage";
import { isMessageKey, type MessageKey, useI18n } from "../../i18n/i18n";
import { api, errorOf } from "../../lib/api";
import { useSecondsLeft } from "../../lib/use-seconds-left";

/** 4:05 */
const minutesAndSeconds = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

/**
 * The way out of a 1009 on sign-up (the address is registered, its activation mail went a moment ago):
 * log in with the address filled in, or have the activation mail sent again once the server allows it
 * (`waitS`, from the error's retryAfterS).
 */
export function ActivationHelp({ email, waitS }: { email: string; waitS: number }) {
  const { t } = useI18n();
  const [resendAt, setResendAt] = useState(() => Date.now() + waitS * 1000);
  const left = useSecondsLeft(resendAt);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<MessageKey | null>(null);
  const resendMail = useMutation({
    mutationFn: async () => {
      const response = await api.users.resendActivationMail.$post({ json: { email } });
      return response.ok ? null : errorOf(response);
    },
    onMutate: () => setFailure(null),
    onSuccess: (error) => {
      if (!error) {
        setSent(true);
        return;
      }
      if (error.retryAfterS) setResendAt(Date.now() + error.retryAfterS * 1000);
      setFailure(isMessageKey(error.messageKey) ? error.messageKey : "errore_generico");
    },
    onError: (error) => {
      console.warn("the activation mail could not be asked for again", error);
      setFailure("errore_generico");
    },
  });
  const busy = resendMail.isPending;
  const resend = () => resendMail.mutate();

  return (
    <div className="activation-help" data-testid="activation-help">
      <Link to="/login" search={{ email }} className="button">
        {t("attivazione_accedi")}
      </Link>
      {sent ? (
        <FormMessage tone="success">{t("attivazione_reinviata", { email })}</FormMessage>
      ) : (
        <button type="button" className="button" disabled={busy || left > 0} onClick={resend}>
          {left > 0
            ? t("attivazione_reinvia_tra", { time: minutesAndSeconds(left) })
            : t("attivazione_reinvia")}
        </button>
      )}
      {failure && <FormMessage tone="error">{t(failure)}</FormMessage>}
    </div>
  );
}
