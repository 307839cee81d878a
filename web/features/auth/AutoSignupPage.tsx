import { Link, Navigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { REQUIRED_CONSENTS } from "../../../worker/contracts/consents";
import { RegionOptions } from "../../components/RegionOptions";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { useI18n } from "../../i18n/i18n";
import { useRegions } from "../../lib/regions";
import { useSearchParams } from "../../lib/search";
import { useMemberHome, useSession } from "../../lib/session/session";
import { randomHex, tracking } from "../../lib/tracking";
import { signupFormFor } from "./auth-rules";
import { Consents, type ConsentValues, Disclosure, noConsents } from "./Consents";
import { useRegister } from "./useRegister";
import "./auth.css";

export type LanderKind = "asignup" | "find" | "loginWithGoogle" | "external_email";

const genderParam = (value: string | null, fallback: "uomo" | "donna") =>
  value === "uomo" || value === "2" ? "uomo" : value === "donna" || value === "1" ? "donna" : fallback;

/**
 * The auto sign-up landers (/asignup, /find for a visitor, /loginWithGoogle without a code, /external_email):
 * the e-mail comes from the link, the visitor picks the region and ticks the four consents, and is signed in
 * at once. The password is random: later the member comes back through the mails' links or chooses one with
 * "forgot password".
 */
export function AutoSignupPage({ brand, kind }: { brand: PublicBrand; kind: LanderKind }) {
  const { t } = useI18n();
  const { state } = useSession();
  const home = useMemberHome();
  const params = useSearchParams();
  const email = params.get("email")?.trim() ?? "";
  const { regions, failed } = useRegions(brand.country);
  const { busy, failure, setFailure, register } = useRegister(
    brand,
    kind === "external_email" ? "extSign_register" : "register",
  );
  const [region, setRegion] = useState("");
  const [consents, setConsents] = useState<ConsentValues>(noConsents);

  useEffect(() => {
    if (!email && kind === "external_email") console.warn("external_email: the link has no e-mail");
  }, [email, kind]);

  if (state.status === "member") return <Navigate to={home} />;
  if (!email) {
    // The spec: an external e-mail link without an address goes to /find (a visitor there without one goes
    // on to /signup); the other landers go to the full form, keeping the query.
    if (kind === "external_email") return <Navigate to="/find" search={Object.fromEntries(params)} replace />;
    return <Navigate to="/signup" search={Object.fromEntries(params)} replace />;
  }

  const form = signupFormFor(tracking().fluxId);
  const linkAge = Number(params.get("eta"));
  // The lander asks no age: the link's when it has a valid one, else none (the server allows that here).
  const age = Number.isInteger(linkAge) && linkAge >= form.minAge && linkAge <= form.maxAge ? linkAge : null;
  const termsBad = failure?.field === "terms";

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!region) {
      setFailure({ message: { key: "errore_citta" }, field: "region" });
      return;
    }
    if (!REQUIRED_CONSENTS.every((key) => consents[key])) {
      setFailure({ message: { key: "errore_terms" }, field: "terms" });
      return;
    }
    register({
      email,
      password: randomHex(12),
      eta: age,
      autoSignup: true,
      region,
      sono: form.genderChoice ? genderParam(params.get("sono"), "uomo") : "uomo",
      cerco: form.genderChoice ? genderParam(params.get("cerco"), "donna") : "donna",
      ...consents,
    });
  }

  return (
    <form className="card form lander" onSubmit={submit} noValidate aria-busy={busy} data-testid="lander">
      <h1>{t("lander_title")}</h1>
      <p>{t("lander_text", { email })}</p>
      <Disclosure />
      <label className={failure?.field === "region" ? "invalid" : undefined}>
        {t("signup_region")}
        <select
          name="region"
          value={region}
          onChange={(e) => {
            setRegion(e.target.value);
            setFailure(null);
          }}
          aria-invalid={failure?.field === "region"}
        >
          <RegionOptions regions={regions} />
        </select>
      </label>
      <Consents
        values={consents}
        invalid={termsBad}
        links={brand.legal_link}
        onChange={(key, checked) => {
          setConsents((c) => ({ ...c, [key]: checked }));
          setFailure(null);
        }}
      />
      {failed && <FormMessage tone="error">{t("errore_generico")}</FormMessage>}
      {failure && <FormMessage tone="error">{t(failure.message.key, failure.message.vars)}</FormMessage>}
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? <Spinner label={t("app_loading")} /> : t("lander_submit")}
      </button>
      <p className="muted small">{t("lander_login_note")}</p>
      <p className="form-footer">
        <Link to="/signup" search={Object.fromEntries(params)}>
          {t("lander_full_form")}
        </Link>
      </p>
    </form>
  );
}
