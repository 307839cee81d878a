import { useMutation } from "@tanstack/react-query";
import { Link, Navigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { FormMessage } from "../../components/ui/FormMessage";
import { Popup } from "../../components/ui/Popup";
import { Spinner } from "../../components/ui/Spinner";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { api, errorOf } from "../../lib/api";
import { useSearchParams } from "../../lib/search";
import { useMemberHome, useSession } from "../../lib/session/session";
import { useEnter } from "../../lib/session/use-enter";
import { trackingFields } from "../../lib/tracking";
import { loginFailureKey } from "./auth-rules";
import { GoogleButton } from "./GoogleButton";
import { typedEmail } from "./typed-email";
import "./auth.css";

export function LoginPage({ brand }: { brand: PublicBrand }) {
  const { t } = useI18n();
  const { state } = useSession();
  const home = useMemberHome();
  const { entering, enter } = useEnter();
  const params = useSearchParams();
  // Filled in when a page sends here with the address (the sign-up page after 1009), or back from the
  // forgot-password page with the one typed there.
  const [email, setEmail] = useState(() => params.get("email") ?? typedEmail.get());
  const [password, setPassword] = useState("");
  const [error, setError] = useState<MessageKey | null>(null);
  const [invalid, setInvalid] = useState<("email" | "password")[]>([]);
  /** A login that cancelled a pending deletion: the member is told before going on. */
  const [restored, setRestored] = useState<Parameters<typeof enter>[0] | null>(null);
  const login = useMutation({
    mutationFn: async (credentials: { email: string; password: string }) => {
      const response = await api.users.authenticate.$post({
        json: { ...credentials, ...trackingFields(brand) },
      });
      if (response.ok) return { ok: true as const, body: await response.json() };
      return { ok: false as const, failure: await errorOf(response) };
    },
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      if (answer.ok) {
        if (answer.body.account_restored) setRestored(answer.body);
        else enter(answer.body);
        return;
      }
      setError(loginFailureKey(answer.failure.code));
      if (answer.failure.code === "1001") setInvalid(["email", "password"]);
    },
    onError: (failure) => {
      console.warn("login did not reach the server", failure);
      setError("errore_generico");
    },
  });
  const busy = login.isPending;

  if (state.status === "member") return <Navigate to={home} />;
  if (restored) {
    return (
      <Popup
        title={t("account_ripristinato_titolo")}
        testId="account-restored"
        onClose={() => enter(restored)}
        actions={
          <button type="button" className="button primary" onClick={() => enter(restored)}>
            {t("popup_close")}
          </button>
        }
      >
        <p>{t("account_ripristinato")}</p>
      </Popup>
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const address = email.replace(/\s/g, "");
    const empty = [...(address ? [] : ["email" as const]), ...(password ? [] : ["password" as const])];
    setInvalid(empty);
    if (empty.length > 0) {
      setError("login_campi_obbligatori");
      return;
    }
    login.mutate({ email: address, password });
  }

  const bad = (f: "email" | "password") => invalid.includes(f);
  return (
    <form className="card form login" onSubmit={submit} noValidate aria-busy={busy || entering}>
      <h1>{t("login_title")}</h1>
      <label className={bad("email") ? "invalid" : undefined}>
        {t("signup_email")}
        <input
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            typedEmail.set(e.target.value);
            setInvalid((l) => l.filter((f) => f !== "email"));
          }}
          aria-invalid={bad("email")}
        />
      </label>
      <label className={bad("password") ? "invalid" : undefined}>
        {t("signup_password")}
        <input
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setInvalid((l) => l.filter((f) => f !== "password"));
          }}
          aria-invalid={bad("password")}
        />
      </label>
      {error && <FormMessage tone="error">{t(error)}</FormMessage>}
      <button type="submit" className="button primary" disabled={busy || entering}>
        {busy || entering ? <Spinner label={t("app_loading")} /> : t("login_submit")}
      </button>
      <p className="form-footer">
        {/* Its chunk is fetched with this page: the next step of a member who forgot, opened at once. */}
        <Link to="/forgotPassword" preload="render">
          {t("login_forgot")}
        </Link>
      </p>
      <GoogleButton brand={brand} intent="login" />
      <p className="form-footer">
        {t("login_new_here")} <Link to="/signup">{t("home_register")}</Link>
      </p>
    </form>
  );
}
