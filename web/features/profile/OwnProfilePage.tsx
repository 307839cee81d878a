import { useQuery } from "@tanstack/react-query";
import { type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { ContentPopup } from "../../components/ui/ContentPopup";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { useI18n } from "../../i18n/i18n";
import { api } from "../../lib/api";
import { useRegions } from "../../lib/regions";
import { useSession } from "../../lib/session/session";
import { store } from "../../lib/storage";
import { BillingSection } from "./BillingSection";
import { NotificationToggles } from "./NotificationToggles";
import { PhotoSection } from "./PhotoSection";
import { ProfileForm } from "./ProfileForm";
import { ownProfileQuery } from "./profile-api";
import { RightsSection } from "./RightsSection";
import "./profile.css";

/** The spec's delay between the disabled-profile popup and the reload. */
export const DISABLE_RELOAD_MS = 5000;

/** The data of the confirm popup's buttons: only 'procedi' disables, anything else closes. */
/** The deactivate popup's buttons' data: anything but "procedi" closes it (the spec). */
type ConfirmData = string | undefined;

/**
 * /profile: the photos, the own data (e-mail read-only, credits), the profile form, the notification toggles,
 * the billing section and the settings with "Disable profile".
 */
export function OwnProfilePage({ telegram }: { telegram?: ReactNode } = {}) {
  const { t } = useI18n();
  const { state, room } = useSession();
  const member = state.status === "member" ? state.member : null;
  const { regions } = useRegions(
    member?.country === "es" || member?.country === "en" ? member.country : "it",
  );
  const [step, setStep] = useState<"idle" | "confirm" | "working" | "done">("idle");
  const [failed, setFailed] = useState(false);
  const profile = useQuery({ ...ownProfileQuery(member?.clickid ?? ""), enabled: Boolean(member) });
  const reload = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reload.current), []);
  if (!member) return null;

  async function onConfirm(data: ConfirmData) {
    if (data !== "procedi" || !member) {
      setStep("idle");
      return;
    }
    setStep("working");
    setFailed(false);
    // The room restarts the member's other tabs; this one shows its done message first.
    room?.ownRestart(true);
    try {
      const response = await api.users.disableProfile.$post({ json: { clickid: member.clickid } });
      if (!response.ok) throw new Error(`disableProfile answered ${response.status}`);
      setStep("done");
      store.clearAll();
      reload.current = setTimeout(() => window.location.reload(), DISABLE_RELOAD_MS);
    } catch (error) {
      console.warn("the profile could not be disabled", error);
      room?.ownRestart(false);
      setFailed(true);
      setStep("idle");
    }
  }

  const regionName = regions.find((r) => r.code === member.region)?.name ?? member.region ?? "—";
  return (
    <section className="profile">
      <h1>{t("profile_title")}</h1>
      {profile.isPending && <Spinner label={t("app_loading")} />}
      {profile.isError && <FormMessage tone="error">{t("errore_generico")}</FormMessage>}
      {profile.data && <PhotoSection photos={profile.data.imageName} />}
      <dl className="card profile-data">
        <div>
          <dt>{t("profile_email")}</dt>
          <dd data-testid="profile-email">{member.email}</dd>
        </div>
        <div>
          <dt>{t("profile_region")}</dt>
          <dd>{regionName}</dd>
        </div>
        <div>
          <dt>{t("profile_credits")}</dt>
          <dd>{member.creditiMessaggi}</dd>
        </div>
      </dl>
      {profile.data && (
        <>
          <ProfileForm profile={profile.data} />
          {/* Keyed by the stored choices: a change made elsewhere (linking Telegram) shows at once. */}
          <NotificationToggles
            key={JSON.stringify(profile.data.notifications)}
            initial={profile.data.notifications}
          />
          {/* The Telegram link's card, given by the router (it belongs to the notifications feature). */}
          {telegram && <Suspense fallback={null}>{telegram}</Suspense>}
        </>
      )}
      <BillingSection />
      <RightsSection />
      <section className="card settings" aria-labelledby="settings-title">
        <h2 id="settings-title">{t("profile_settings")}</h2>
        <p className="muted small">{t("profile_disable_hint")}</p>
        {failed && <FormMessage tone="error">{t("errore_generico")}</FormMessage>}
        <button
          type="button"
          className="button danger"
          onClick={() => setStep("confirm")}
          disabled={step === "working"}
        >
          {step === "working" ? <Spinner label={t("app_loading")} /> : t("profile_disable")}
        </button>
      </section>
      {step === "confirm" && (
        // The spec: the deactivate popup proceeds only when the button's data is "procedi", else it closes.
        <ContentPopup
          content={{
            title: t("disable_confirm_title"),
            descrizione: t("profile_disable_hint"),
            bottoni: [
              { testo: t("popup_no"), onclick: "deactivate", data: "annulla" },
              { testo: t("popup_yes"), onclick: "deactivate", data: "procedi", primary: true },
            ],
          }}
          testId="disable-confirm"
          onClose={() => void onConfirm("annulla")}
          onAction={(_, data) => void onConfirm(data)}
        />
      )}
      {step === "done" && (
        <ContentPopup
          content={{ title: t("disable_done_title"), descrizione: t("disable_done_text"), bottoni: [] }}
          onClose={() => undefined}
          dismissible={false}
          testId="disable-done"
        />
      )}
    </section>
  );
}
