import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { OwnProfile } from "../../../worker/contracts/profile";
import { FormMessage } from "../../components/ui/FormMessage";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { useSession } from "../../lib/session/session";
import { saveNotifications } from "./profile-api";

type Prefs = OwnProfile["notifications"];
const channels: { key: keyof Prefs; label: MessageKey }[] = [
  { key: "email", label: "profile_notify_email" },
  { key: "telegram", label: "profile_notify_telegram" },
  { key: "notifiche_push", label: "profile_notify_push" },
];

/** The spec's notification toggles (e-mail, Telegram, push): each change is saved at once. */
export function NotificationToggles({ initial }: { initial: Prefs }) {
  const { t } = useI18n();
  const { state } = useSession();
  const [prefs, setPrefs] = useState(initial);
  const [result, setResult] = useState<{ tone: "success" | "error"; key: MessageKey } | null>(null);
  const clickid = state.status === "member" ? state.member.clickid : null;
  const save = useMutation({
    mutationFn: ({ member, next }: { member: string; next: Prefs; before: Prefs }) =>
      saveNotifications(member, next),
    onSuccess: (outcome, { before }) => {
      if (outcome.ok) {
        setResult({ tone: "success", key: "profile_notifications_saved" });
      } else {
        // Back to what the server keeps.
        setPrefs(before);
        setResult({ tone: "error", key: outcome.refusal.key });
      }
    },
  });
  const busy = save.isPending;

  function toggle(key: keyof Prefs, on: boolean) {
    if (!clickid) return;
    const next = { ...prefs, [key]: on };
    setPrefs(next);
    save.mutate({ member: clickid, next, before: prefs });
  }

  return (
    <fieldset className="card profile-notifications" aria-busy={busy}>
      <legend>{t("profile_notifications_title")}</legend>
      <p className="muted small">{t("profile_notifications_hint")}</p>
      {channels.map(({ key, label }) => (
        <label key={key} className="toggle">
          <input
            type="checkbox"
            name={key}
            checked={prefs[key]}
            disabled={busy}
            onChange={(e) => toggle(key, e.target.checked)}
          />
          {t(label)}
        </label>
      ))}
      {result && <FormMessage tone={result.tone}>{t(result.key)}</FormMessage>}
    </fieldset>
  );
}
