import { Navigate, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import {
  invalidSignupFields,
  type SignupDraft,
  type SignupField,
  signupMessageKeys,
} from "../../../worker/contracts/auth";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { Spinner } from "../../components/ui/Spinner";
import type { MessageKey } from "../../i18n/en";
import { useI18n } from "../../i18n/i18n";
import { api, errorOf } from "../../lib/api";
import { store } from "../../lib/storage";
import { useSession } from "../session/session";

/** The main flow's form: sono and cerco are fixed, ages 19 to 98 (the spec's first form). */
const AGE_MIN = 19;
const AGE_MAX = 98;
const consentKeys = ["terms1", "terms2", "terms3", "terms4"] as const;

export function SignupPage({ brand }: { brand: PublicBrand }) {
  const { t } = useI18n();
  const { state, signIn } = useSession();
  const navigate = useNavigate();
  const [regions, setRegions] = useState<{ code: string; name: string }[]>([]);
  const [draft, setDraft] = useState<SignupDraft>({
    email: "",
    password: "",
    eta: null,
    region: "",
    sono: "uomo",
    cerco: "donna",
    terms1: false,
    terms2: false,
    terms3: false,
    terms4: false,
  });
  const [invalid, setInvalid] = useState<SignupField[]>([]);
  const [message, setMessage] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const ages = useMemo(() => Array.from({ length: AGE_MAX - AGE_MIN + 1 }, (_, i) => AGE_MIN + i), []);

  useEffect(() => {
    api.api.get.regions[":country"]
      .$get({ param: { country: brand.country } })
      .then((r) => r.json())
      .then(setRegions)
      .catch(() => setMessage("errore_generico"));
  }, [brand.country]);

  if (state.status === "member") return <Navigate to="/find" />;

  const update = <K extends keyof SignupDraft>(key: K, value: SignupDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setInvalid((list) => list.filter((f) => f !== (key.startsWith("terms") ? "terms" : key)));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const bad = invalidSignupFields(draft, { min: AGE_MIN, max: AGE_MAX });
    setInvalid(bad);
    const first = bad[0];
    if (first) {
      setMessage(signupMessageKeys[first] as MessageKey);
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const params = new URLSearchParams(location.search);
      const response = await api.users.register.$post({
        json: {
          utente: {
            ...draft,
            email: draft.email.replace(/\s/g, ""),
            country: brand.country,
            source: store.get("source") ?? "direct",
            fluxId: params.get("fluxid") ?? params.get("fluxId") ?? brand.default_fluxid,
            servizio: location.host,
            ua: navigator.userAgent,
          },
        },
      });
      if (response.ok) {
        const body = await response.json();
        signIn(body.token, body.user);
        await navigate({ to: "/find" });
        return;
      }
      const error = await errorOf(response);
      if (error.code === "1000") setMessage("errore_1000");
      else if (error.code === "1004") setMessage("errore_1004");
      else setMessage((error.messageKey as MessageKey | undefined) ?? "errore_generico");
      if (error.field) setInvalid([error.field as SignupField]);
    } catch {
      setMessage("errore_generico");
    } finally {
      setBusy(false);
    }
  }

  const bad = (f: SignupField) => (invalid.includes(f) ? "invalid" : undefined);
  return (
    <form className="card form signup" onSubmit={submit} noValidate>
      <h1>{t("signup_title")}</h1>
      <p className="disclosure" data-testid="disclosure">
        {t("disclosure")}
      </p>
      <label className={bad("email")}>
        {t("signup_email")}
        <input
          type="email"
          name="email"
          autoComplete="email"
          value={draft.email}
          onChange={(e) => update("email", e.target.value)}
          aria-invalid={invalid.includes("email")}
        />
      </label>
      <label className={bad("password")}>
        {t("signup_password")}
        <input
          type="password"
          name="password"
          autoComplete="new-password"
          value={draft.password}
          onChange={(e) => update("password", e.target.value)}
          aria-invalid={invalid.includes("password")}
        />
      </label>
      <div className="row">
        <label className={bad("region")}>
          {t("signup_region")}
          <select
            name="region"
            value={draft.region}
            onChange={(e) => update("region", e.target.value)}
            aria-invalid={invalid.includes("region")}
          >
            <option value="">{t("signup_region_choose")}</option>
            {regions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        <label className={bad("eta")}>
          {t("signup_age")}
          <select
            name="eta"
            value={draft.eta ?? ""}
            onChange={(e) => update("eta", e.target.value ? Number(e.target.value) : null)}
            aria-invalid={invalid.includes("eta")}
          >
            <option value="">{t("signup_age_choose")}</option>
            {ages.map((age) => (
              <option key={age} value={age}>
                {age}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className={`consents ${bad("terms") ?? ""}`}>
        {consentKeys.map((key) => (
          <label key={key} className="check">
            <input
              type="checkbox"
              name={key}
              checked={draft[key]}
              onChange={(e) => update(key, e.target.checked)}
            />
            <span>{t(`signup_${key}`)}</span>
          </label>
        ))}
      </fieldset>
      {message && (
        <p className="error" role="alert">
          {t(message)}
        </p>
      )}
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? <Spinner label={t("app_loading")} /> : t("signup_submit")}
      </button>
    </form>
  );
}
