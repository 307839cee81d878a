import { type FormEvent, useState } from "react";
import { countries } from "../../worker/contracts/locale-lists";
import type { Country } from "../../worker/contracts/locales";
import { RegionOptions } from "../components/RegionOptions";
import { FormMessage } from "../components/ui/FormMessage";
import { Popup } from "../components/ui/Popup";
import { Spinner } from "../components/ui/Spinner";
import { isMessageKey, type MessageKey, useI18n } from "../i18n/i18n";
import { api, errorOf } from "../lib/api";
import { useRegions } from "../lib/regions";
import { useSession } from "../lib/session/session";

const isCountry = (c: string | undefined): c is Country => countries.some((k) => k === c);

/** The set-region popup (a member without a region, e.g. after a Google sign-up): it has to be answered. */
export function RegionPopup({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const { state, updateMember } = useSession();
  const [region, setRegion] = useState("");
  const [error, setError] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const member = state.status === "member" ? state.member : null;
  const { regions, failed } = useRegions(isCountry(member?.country) ? member.country : "it");

  if (!member) return null;

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!member) return;
    if (!region) {
      setError("errore_citta");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const response = await api.api.users[":clickid"].$put({
        param: { clickid: member.clickid },
        json: { region },
      });
      if (response.ok) {
        const body = await response.json();
        updateMember(body.user);
        onClose();
        return;
      }
      const failure = await errorOf(response);
      setError(isMessageKey(failure.messageKey) ? failure.messageKey : "errore_generico");
    } catch (failure) {
      console.warn("region could not be saved", failure);
      setError("errore_generico");
    } finally {
      setBusy(false);
    }
  }

  return (
    // It has to be answered, unless the regions could not be loaded (it comes back at the next start).
    <Popup title={t("region_title")} onClose={onClose} dismissible={failed} testId="region-popup">
      <form className="inline-form" onSubmit={save} noValidate>
        <p>{t("region_text")}</p>
        <label className={error === "errore_citta" ? "invalid" : undefined}>
          {t("signup_region")}
          <select
            name="region"
            value={region}
            onChange={(e) => {
              setRegion(e.target.value);
              setError(null);
            }}
            aria-invalid={error === "errore_citta"}
          >
            <RegionOptions regions={regions} />
          </select>
        </label>
        {failed && <FormMessage tone="error">{t("errore_generico")}</FormMessage>}
        {error && <FormMessage tone="error">{t(error)}</FormMessage>}
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? <Spinner label={t("app_loading")} /> : t("region_save")}
        </button>
      </form>
    </Popup>
  );
}
