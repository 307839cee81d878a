import { useMutation } from "@tanstack/react-query";
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
  const member = state.status === "member" ? state.member : null;
  const { regions, failed } = useRegions(isCountry(member?.country) ? member.country : "it");
  const saveRegion = useMutation({
    mutationFn: async (variables: { clickid: string; region: string }) => {
      const response = await api.api.users[":clickid"].$put({
        param: { clickid: variables.clickid },
        json: { region: variables.region },
      });
      return response.ok
        ? { ok: true as const, body: await response.json() }
        : { ok: false as const, failure: await errorOf(response) };
    },
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      if (answer.ok) {
        updateMember(answer.body.user);
        onClose();
        return;
      }
      setError(isMessageKey(answer.failure.messageKey) ? answer.failure.messageKey : "errore_generico");
    },
    onError: (failure) => {
      console.warn("region could not be saved", failure);
      setError("errore_generico");
    },
  });
  const busy = saveRegion.isPending;

  if (!member) return null;

  function save(e: FormEvent) {
    e.preventDefault();
    if (!member) return;
    if (!region) {
      setError("errore_citta");
      return;
    }
    saveRegion.mutate({ clickid: member.clickid, region });
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
