// The phone verification of the chat rules: an unverified member cannot send chat or like events; the
// chat, the like buttons, the match stack and the invite modal open this prompt instead. Entering a mobile
// number of the market verifies the member at once (POST /api/users/{clickid}/phone; no SMS code, there
// is no SMS provider), and the session's member becomes verified without a reload.
import { type FormEvent, useEffect, useState } from "react";
import { isMessageKey, type MessageKey, useI18n } from "../../i18n/i18n";
import { api, errorOf } from "../../lib/api";
import { useSession } from "../../lib/session/session";
import { FormMessage } from "../ui/FormMessage";
import { Popup } from "../ui/Popup";
import { Spinner } from "../ui/Spinner";

/** A mobile number of each market, as a placeholder (numbers are not language: no catalogue entry). */
const examples: Record<string, string> = { it: "347 123 4567", es: "612 345 678", en: "07400 123456" };

type Listener = (request: VerifyRequest | null) => void;
interface VerifyRequest {
  /** Runs once the member is verified (e.g. sends the messages held in the chat). */
  onVerified?: () => void;
}

let current: VerifyRequest | null = null;
const listeners = new Set<Listener>();
const publish = () => {
  for (const listener of listeners) listener(current);
};

/** Opens the verification prompt (one at a time: a second request replaces the first's callback). */
export const phonePrompt = {
  open(request: VerifyRequest = {}) {
    current = request;
    publish();
  },
  close() {
    current = null;
    publish();
  },
};

/**
 * Whether the member may emit chat and like events now; when not, opens the prompt (with what to do once
 * verified) and answers false. The one check every sender calls before `room.send`.
 */
export function requireVerified(member: { verifiedUser: boolean } | null, onVerified?: () => void): boolean {
  if (!member || member.verifiedUser) return true;
  phonePrompt.open({ onVerified });
  return false;
}

/** Mounted once in the layout: shows the prompt whenever a feature asks for it. */
export function PhoneVerifyHost() {
  const [request, setRequest] = useState<VerifyRequest | null>(current);
  useEffect(() => {
    listeners.add(setRequest);
    return () => {
      listeners.delete(setRequest);
    };
  }, []);
  if (!request) return null;
  return (
    <PhoneVerifyPopup
      onClose={() => phonePrompt.close()}
      onVerified={() => {
        phonePrompt.close();
        request.onVerified?.();
      }}
    />
  );
}

export function PhoneVerifyPopup({ onClose, onVerified }: { onClose: () => void; onVerified: () => void }) {
  const { t } = useI18n();
  const { state, updateMember } = useSession();
  const member = state.status === "member" ? state.member : null;
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  if (!member) return null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!member) return;
    if (phone.trim().length < 6) {
      setError("errore_telefono");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const response = await api.api.users[":clickid"].phone.$post({
        param: { clickid: member.clickid },
        json: { phone },
      });
      if (response.ok) {
        const body = await response.json();
        updateMember(body.user);
        onVerified();
        return;
      }
      const failure = await errorOf(response);
      setError(isMessageKey(failure.messageKey) ? failure.messageKey : "errore_generico");
    } catch (failure) {
      console.warn("phone: verification failed", failure);
      setError("errore_generico");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Popup title={t("phone_titolo")} onClose={onClose} testId="phone-popup">
      <form className="inline-form" onSubmit={submit} noValidate>
        <p>{t("phone_testo")}</p>
        <label className={error === "errore_telefono" ? "invalid" : undefined}>
          {t("phone_label")}
          <input
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            autoFocus
            placeholder={examples[member.country] ?? ""}
            value={phone}
            maxLength={32}
            onChange={(e) => {
              setPhone(e.target.value);
              setError(null);
            }}
            aria-invalid={error === "errore_telefono"}
          />
        </label>
        {error && <FormMessage tone="error">{t(error)}</FormMessage>}
        <p className="muted small">{t("phone_nota")}</p>
        <div className="popup-actions">
          <button type="button" className="button" onClick={onClose}>
            {t("popup_close")}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? <Spinner label={t("app_loading")} /> : t("phone_submit")}
          </button>
        </div>
      </form>
    </Popup>
  );
}
