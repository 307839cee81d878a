import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { isMessageKey, type MessageKey, useI18n } from "../../i18n/i18n";
import { api, errorOf } from "../../lib/api";
import { trackingFields } from "../../lib/tracking";
import { typedEmail } from "./typed-email";
import "./auth.css";

/**
 * /forgotPassword: the reset link goes by mail (email_inviata), or the address is unknown (utente_inesistente).
 * The field starts with the address of the login form and has the focus: the member came here to type it,
 * and keys typed while the page opened carry on in it.
 */
export function ForgotPasswordPage({ brand }: { brand: PublicBrand }) {
  const { t } = useI18n();
  const [email, setEmail] = useState(typedEmail.get);
  const [result, setResult] = useState<{ key: MessageKey; tone: "error" | "success" } | null>(null);
  const sendLink = useMutation({
    mutationFn: async (address: string) => {
      const response = await api.users.getTokenForReset.$post({
        json: { email: address, ...trackingFields(brand) },
      });
      if (response.ok) return { key: "email_inviata", tone: "success" } as const;
      const failure = await errorOf(response);
      return {
        key: isMessageKey(failure.messageKey) ? failure.messageKey : "errore_generico",
        tone: "error",
      } as const;
    },
    onMutate: () => setResult(null),
    onSuccess: setResult,
    onError: (failure) => {
      console.warn("forgot password did not reach the server", failure);
      setResult({ key: "errore_generico", tone: "error" });
    },
  });
  const busy = sendLink.isPending;

  function submit(e: FormEvent) {
    e.preventDefault();
    const address = email.replace(/\s/g, "");
    if (!address) {
      setResult({ key: "errore_email", tone: "error" });
      return;
    }
    sendLink.mutate(address);
  }

  const invalid = result?.tone === "error";
  return (
    <form className="card form forgot" onSubmit={submit} noValidate aria-busy={busy}>
      <h1>{t("forgot_title")}</h1>
      <p>{t("forgot_text")}</p>
      <label className={invalid ? "invalid" : undefined}>
        {t("signup_email")}
        <input
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            typedEmail.set(e.target.value);
          }}
          aria-invalid={invalid}
        />
      </label>
      {result && <FormMessage tone={result.tone}>{t(result.key)}</FormMessage>}
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? <Spinner label={t("app_loading")} /> : t("forgot_submit")}
      </button>
      <p className="form-footer">
        <Link to="/login">← {t("forgot_back")}</Link>
      </p>
    </form>
  );
}
