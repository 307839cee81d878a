import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { AGE_MAX, AGE_MIN } from "../../../worker/contracts/auth";
import { type City, preferredAges } from "../../../worker/contracts/discovery";
import { Country } from "../../../worker/contracts/locales";
import {
  DESCRIPTION_MAX,
  type ProfileForm as Form,
  invalidProfileFields,
  type OwnProfile,
  type ProfileField,
  SEEKING_MAX,
  USERNAME_MAX,
} from "../../../worker/contracts/profile";
import { CityAutocomplete } from "../../components/CityAutocomplete";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { isMessageKey, type MessageKey, useI18n } from "../../i18n/i18n";
import { useSession } from "../../lib/session/session";
import { saveProfile } from "./profile-api";

type Field = ProfileField | "city" | "preferred_age";
type Result = { tone: "success" } | { tone: "error"; key: MessageKey; field?: Field };

const ages = Array.from({ length: AGE_MAX - AGE_MIN + 1 }, (_, i) => AGE_MIN + i);
/** The spec shows the last range, 60-90, as 60+. */
const ageLabel = (range: string) => (range === "60-90" ? "60+" : range);

/**
 * The profile form: username, age, description, what I seek, city (picked from the suggestions) and the
 * preferred age range. Checked here by the server's own rules; one save, with a clear result.
 */
export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const { t } = useI18n();
  const { state, updateMember } = useSession();
  const [form, setForm] = useState<Form>({
    username: profile.username ?? "",
    eta: profile.eta,
    sono: profile.sono,
    cerco: profile.cerco,
    descrizione: profile.descrizione ?? "",
    cosa_cerco: profile.cosa_cerco ?? "",
  });
  const [preferredAge, setPreferredAge] = useState(profile.preferred_age ?? "");
  const [cityText, setCityText] = useState(profile.city ?? "");
  /** The city the server keeps: a different text counts only once picked from the suggestions. */
  const [savedCity, setSavedCity] = useState(profile.city ?? "");
  const [city, setCity] = useState<City | null>(null);
  const [invalid, setInvalid] = useState<Partial<Record<Field, MessageKey>>>({});
  const [result, setResult] = useState<Result | null>(null);
  const save = useMutation({
    mutationFn: ({ clickid, changes }: { clickid: string; changes: Parameters<typeof saveProfile>[1] }) =>
      saveProfile(clickid, changes),
    onMutate: () => setResult(null),
    onSuccess: (outcome) => {
      if (!outcome.ok) {
        const field = outcome.refusal.field as Field | undefined;
        if (field) setInvalid({ [field]: outcome.refusal.key });
        setResult({ tone: "error", ...outcome.refusal, field });
        return;
      }
      updateMember(outcome.value.user);
      setSavedCity(outcome.value.user.city ?? "");
      setCity(null);
      setResult({ tone: "success" });
    },
  });
  const busy = save.isPending;
  const member = state.status === "member" ? state.member : null;
  if (!member) return null;
  const country = Country.safeParse(member.country).data ?? "it";

  const edit = <K extends keyof Form>(field: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setInvalid(({ [field]: _, ...rest }) => rest);
    setResult(null);
  };
  const cityChanged = cityText.trim() !== savedCity && city === null;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!member) return;
    const bad: Partial<Record<Field, MessageKey>> = {};
    for (const [field, key] of Object.entries(invalidProfileFields(form))) {
      if (isMessageKey(key)) bad[field as ProfileField] = key;
    }
    if (cityChanged) bad.city = "citta_non_trovata";
    const first = Object.entries(bad)[0];
    setInvalid(bad);
    if (first) {
      setResult({ tone: "error", key: first[1], field: first[0] as Field });
      return;
    }
    save.mutate({
      clickid: member.clickid,
      changes: {
        ...form,
        preferred_age: preferredAge || null,
        ...(city ? { region: city.region, city: city.city_title } : {}),
      },
    });
  }

  const field = (name: Field) => ({
    className: invalid[name] ? "invalid" : undefined,
  });
  const aria = (name: Field) => ({
    "aria-invalid": Boolean(invalid[name]),
    "aria-describedby": invalid[name] ? "profile-form-result" : undefined,
  });
  return (
    <form className="card form profile-form" onSubmit={submit} noValidate aria-busy={busy}>
      <h2>{t("profile_details_title")}</h2>
      <label {...field("username")}>
        {t("profile_username")}
        <input
          name="username"
          autoComplete="nickname"
          maxLength={USERNAME_MAX}
          value={form.username}
          onChange={(e) => edit("username", e.target.value)}
          {...aria("username")}
        />
      </label>
      <div className="row">
        <label {...field("eta")}>
          {t("profile_age")}
          <select
            name="eta"
            value={form.eta ?? ""}
            onChange={(e) => edit("eta", e.target.value ? Number(e.target.value) : null)}
            {...aria("eta")}
          >
            <option value="">—</option>
            {ages.map((age) => (
              <option key={age} value={age}>
                {age}
              </option>
            ))}
          </select>
        </label>
        <label {...field("preferred_age")}>
          {t("profile_preferred_age")}
          <select
            name="preferred_age"
            value={preferredAge}
            onChange={(e) => {
              setPreferredAge(e.target.value);
              setResult(null);
            }}
            {...aria("preferred_age")}
          >
            <option value="">{t("profile_age_any")}</option>
            {preferredAges.map((range) => (
              <option key={range} value={range}>
                {ageLabel(range)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div {...field("city")}>
        <label htmlFor="profile-city" className="profile-city-label">
          {t("profile_city")}
        </label>
        <CityAutocomplete
          id="profile-city"
          country={country}
          text={cityText}
          onText={(text) => {
            setCityText(text);
            setCity(null);
            setInvalid(({ city: _, ...rest }) => rest);
            setResult(null);
          }}
          onPick={(picked) => {
            setCity(picked);
            setCityText(picked.city_title);
          }}
          invalid={Boolean(invalid.city)}
          describedBy={invalid.city ? "profile-form-result" : undefined}
        />
      </div>
      <label {...field("descrizione")}>
        {t("profile_description")}
        <textarea
          name="descrizione"
          rows={4}
          value={form.descrizione}
          onChange={(e) => edit("descrizione", e.target.value)}
          {...aria("descrizione")}
        />
        <span className="muted small">
          {t("profile_chars_left", { count: DESCRIPTION_MAX - form.descrizione.trim().length })}
        </span>
      </label>
      <label {...field("cosa_cerco")}>
        {t("profile_seeking")}
        <textarea
          name="cosa_cerco"
          rows={3}
          value={form.cosa_cerco}
          onChange={(e) => edit("cosa_cerco", e.target.value)}
          {...aria("cosa_cerco")}
        />
        <span className="muted small">
          {t("profile_chars_left", { count: SEEKING_MAX - form.cosa_cerco.trim().length })}
        </span>
      </label>
      <div id="profile-form-result">
        {result?.tone === "success" && <FormMessage tone="success">{t("profile_saved")}</FormMessage>}
        {result?.tone === "error" && <FormMessage tone="error">{t(result.key)}</FormMessage>}
      </div>
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? <Spinner label={t("app_loading")} /> : t("profile_save")}
      </button>
    </form>
  );
}
