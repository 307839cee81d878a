import { Link, Navigate } from "@tanstack/react-router";
import { type FormEvent, useMemo, useState } from "react";
import { invalidSignupFields, type SignupField, signupMessageKeys } from "../../../worker/contracts/auth";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { REQUIRED_CONSENTS } from "../../../worker/contracts/consents";
import { RegionOptions } from "../../components/RegionOptions";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { isMessageKey, useI18n } from "../../i18n/i18n";
import { useRegions } from "../../lib/regions";
import { useSearchParams } from "../../lib/search";
import { useMemberHome, useSession } from "../../lib/session/session";
import { tracking } from "../../lib/tracking";
import { ActivationHelp } from "./ActivationHelp";
import { type GenderChoice, genderOf, signupFormFor } from "./auth-rules";
import { Consents, type ConsentValues, Disclosure, noConsents } from "./Consents";
import { GoogleButton } from "./GoogleButton";
import { useRegister } from "./useRegister";
import "./auth.css";

/**
 * /signup and /ms (the mainstream variant). The flow of the page decides the form: sono/cerco fixed to
 * uomo/donna with ages 19-98, or the choice (1 woman, 2 man, 0 unset) with ages 18-89.
 */
export function SignupPage({ brand, variant }: { brand: PublicBrand; variant: "signup" | "ms" }) {
  const { t } = useI18n();
  const { state } = useSession();
  const home = useMemberHome();
  const params = useSearchParams();
  const form = signupFormFor(tracking().fluxId);
  const { regions, failed } = useRegions(brand.country);
  const { busy, failure, setFailure, register } = useRegister(brand, "register");
  const [email, setEmail] = useState(() => params.get("email") ?? "");
  const [password, setPassword] = useState("");
  const [age, setAge] = useState<number | null>(null);
  const [region, setRegion] = useState("");
  const [gender, setGender] = useState<GenderChoice>("0");
  const [seeking, setSeeking] = useState<GenderChoice>("0");
  const [consents, setConsents] = useState<ConsentValues>(noConsents);
  const [invalid, setInvalid] = useState<SignupField[]>([]);
  const ages = useMemo(
    () => Array.from({ length: form.maxAge - form.minAge + 1 }, (_, i) => form.minAge + i),
    [form.minAge, form.maxAge],
  );

  if (state.status === "member") return <Navigate to={home} />;

  const draft = {
    email,
    password,
    eta: age,
    region,
    sono: form.genderChoice ? genderOf(gender) : "uomo",
    cerco: form.genderChoice ? genderOf(seeking) : "donna",
    ...consents,
  };
  const touched = (field: SignupField) => {
    setInvalid((list) => list.filter((f) => f !== field));
    setFailure(null);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const bad = invalidSignupFields(draft, { min: form.minAge, max: form.maxAge });
    setInvalid(bad);
    const first = bad[0];
    if (first) {
      const key = signupMessageKeys[first];
      setFailure({ message: { key: isMessageKey(key) ? key : "errore_generico" }, field: first });
      return;
    }
    register(draft);
  }

  /** Google sign-up records the same consents, so the required ones must be ticked first. */
  const consentsGiven = () => {
    if (REQUIRED_CONSENTS.every((key) => consents[key])) return true;
    setInvalid(["terms"]);
    setFailure({ message: { key: "errore_terms" }, field: "terms" });
    return false;
  };

  const isBad = (f: SignupField) => invalid.includes(f) || failure?.field === f;
  const cls = (f: SignupField) => (isBad(f) ? "invalid" : undefined);
  return (
    <form className={`card form signup ${variant}`} onSubmit={submit} noValidate aria-busy={busy}>
      <h1>{t(variant === "ms" ? "signup_ms_title" : "signup_title")}</h1>
      <Disclosure />
      <label className={cls("email")}>
        {t("signup_email")}
        <input
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            touched("email");
          }}
          aria-invalid={isBad("email")}
        />
      </label>
      <label className={cls("password")}>
        {t("signup_password")}
        <input
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            touched("password");
          }}
          aria-invalid={isBad("password")}
        />
      </label>
      <div className="row">
        <label className={cls("region")}>
          {t("signup_region")}
          <select
            name="region"
            value={region}
            onChange={(e) => {
              setRegion(e.target.value);
              touched("region");
            }}
            aria-invalid={isBad("region")}
          >
            <RegionOptions regions={regions} />
          </select>
        </label>
        <label className={cls("eta")}>
          {t("signup_age")}
          <select
            name="eta"
            value={age ?? ""}
            onChange={(e) => {
              setAge(e.target.value ? Number(e.target.value) : null);
              touched("eta");
            }}
            aria-invalid={isBad("eta")}
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
      {form.genderChoice && (
        <div className="row">
          <label className={cls("sono")}>
            {t("signup_sono")}
            <select
              name="sono"
              value={gender}
              onChange={(e) => {
                setGender(e.target.value as GenderChoice);
                touched("sono");
              }}
              aria-invalid={isBad("sono")}
            >
              <option value="0">{t("signup_sono_choose")}</option>
              <option value="1">{t("signup_woman")}</option>
              <option value="2">{t("signup_man")}</option>
            </select>
          </label>
          <label className={cls("cerco")}>
            {t("signup_cerco")}
            <select
              name="cerco"
              value={seeking}
              onChange={(e) => {
                setSeeking(e.target.value as GenderChoice);
                touched("cerco");
              }}
              aria-invalid={isBad("cerco")}
            >
              <option value="0">{t("signup_sono_choose")}</option>
              <option value="1">{t("signup_women")}</option>
              <option value="2">{t("signup_men")}</option>
            </select>
          </label>
        </div>
      )}
      <Consents
        values={consents}
        invalid={isBad("terms")}
        links={brand.legal_link}
        onChange={(key, checked) => {
          setConsents((c) => ({ ...c, [key]: checked }));
          touched("terms");
        }}
      />
      {failed && <FormMessage tone="error">{t("errore_generico")}</FormMessage>}
      {failure && <FormMessage tone="error">{t(failure.message.key, failure.message.vars)}</FormMessage>}
      {failure?.activationWaitS !== undefined && (
        <ActivationHelp email={draft.email.replace(/\s/g, "")} waitS={failure.activationWaitS} />
      )}
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? <Spinner label={t("app_loading")} /> : t("signup_submit")}
      </button>
      <GoogleButton
        brand={brand}
        intent="signup"
        gender={form.genderChoice ? genderOf(gender) : "uomo"}
        seeking={form.genderChoice ? genderOf(seeking) : "donna"}
        marketing={{ promotions: consents.terms2, thirdParties: consents.terms3 }}
        beforeLeave={consentsGiven}
      />
      <p className="form-footer">
        {t("signup_have_account")} <Link to="/login">{t("nav_login")}</Link>
      </p>
    </form>
  );
}
