import { useMutation } from "@tanstack/react-query";
import { Navigate, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { errorOf } from "../../lib/api";
import { opsApi, opsErrorKey } from "./ops-api";
import { useOps } from "./ops-session";

export function OpsLoginPage() {
  const { t } = useI18n();
  const { state, signIn } = useOps();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<MessageKey | null>(null);
  const login = useMutation({
    mutationFn: async (json: { email: string; password: string }) => {
      const response = await opsApi.login.$post({ json });
      if (!response.ok) return opsErrorKey((await errorOf(response)).code);
      const { token, operator } = await response.json();
      signIn(token, operator);
      await navigate({ to: "/ops" });
      return null;
    },
    onMutate: () => setError(null),
    onSuccess: (failure) => {
      if (failure) setError(failure);
    },
    onError: () => setError("ops_error_generic"),
  });
  const busy = login.isPending;

  if (state.status === "operator") return <Navigate to="/ops" replace />;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) {
      setError("ops_login_required");
      return;
    }
    login.mutate({ email: email.trim(), password });
  }

  return (
    <form className="card form ops-login" onSubmit={submit} noValidate aria-busy={busy}>
      <h1>{t("ops_login_title")}</h1>
      <p className="muted small">{t("ops_login_intro")}</p>
      <label>
        {t("ops_email")}
        <input
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <label>
        {t("ops_password")}
        <input
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {error && <FormMessage tone="error">{t(error)}</FormMessage>}
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? <Spinner label={t("app_loading")} /> : t("ops_login_submit")}
      </button>
    </form>
  );
}
