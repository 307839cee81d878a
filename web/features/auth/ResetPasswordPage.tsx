import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { PASSWORD_MIN_LENGTH } from "../../../worker/contracts/auth";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { api, errorOf } from "../../lib/api";
import { useSearchParams } from "../../lib/search";
import "./auth.css";

/**
 * /resetPassword?token&email: two fields that must match (non_corrispondono); OK shows a link home;
 * anything else (a used or expired link) shows token_expired.
 */
export function ResetPasswordPage() {
  const { t } = useI18n();
  const params = useSearchParams();
  const token = params.get("token") ?? "";
  const email = params.get("email") ?? "";
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [error, setError] = useState<MessageKey | null>(token && email ? null : "token_expired");
  const [invalid, setInvalid] = useState(false);
  const [done, setDone] = useState(false);
  const change = useMutation({
    mutationFn: async (password: string): Promise<MessageKey | null> => {
      const response = await api.users.changePassword.$post({
        json: { token, email, password, servizio: window.location.host },
      });
      if (response.ok) return null;
      const failure = await errorOf(response);
      return failure.messageKey === "errore_password" ? "errore_password" : "token_expired";
    },
    onMutate: () => setError(null),
    onSuccess: (failure) => (failure ? setError(failure) : setDone(true)),
    onError: (failure) => {
      console.warn("reset password did not reach the server", failure);
      setError("errore_generico");
    },
  });
  const busy = change.isPending;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (password !== again) {
      setError("non_corrispondono");
      setInvalid(true);
      return;
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      setError("errore_password");
      setInvalid(true);
      return;
    }
    change.mutate(password);
  }

  if (done) {
    return (
      <section className="card form reset">
        <h1>{t("reset_title")}</h1>
        <FormMessage tone="success">{t("reset_ok")}</FormMessage>
        <Link to="/" className="button primary">
          {t("reset_home")}
        </Link>
      </section>
    );
  }
  return (
    <form className="card form reset" onSubmit={submit} noValidate aria-busy={busy}>
      <h1>{t("reset_title")}</h1>
      <label className={invalid ? "invalid" : undefined}>
        {t("reset_password")}
        <input
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setInvalid(false);
          }}
          aria-invalid={invalid}
        />
      </label>
      <label className={invalid ? "invalid" : undefined}>
        {t("reset_password_again")}
        <input
          type="password"
          name="password2"
          autoComplete="new-password"
          value={again}
          onChange={(e) => {
            setAgain(e.target.value);
            setInvalid(false);
          }}
          aria-invalid={invalid}
        />
      </label>
      {error && <FormMessage tone="error">{t(error)}</FormMessage>}
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? <Spinner label={t("app_loading")} /> : t("reset_submit")}
      </button>
      <p className="form-footer">
        <Link to="/forgotPassword">{t("login_forgot")}</Link>
      </p>
    </form>
  );
}
