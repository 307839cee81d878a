// The phone verification of the chat rules: an unverified member cannot send chat or like events; the
// chat, the like buttons, the match stack and the invite modal open this prompt instead. It has two steps:
// the mobile number (POST /api/users/{clickid}/phone sends a 6-digit code by SMS), then the code (POST
// /api/users/{clickid}/phone/verify), which verifies the member; the session's member becomes verified
// without a reload and what was held goes out.
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { isMessageKey, type MessageKey, useI18n } from "../../i18n/i18n";
import { type ApiErrorFields, api, errorOf } from "../../lib/api";
import { useSession } from "../../lib/session/session";
import { useSecondsLeft } from "../../lib/use-seconds-left";
import { FormMessage } from "../ui/FormMessage";
import { Popup } from "../ui/Popup";
import { Spinner } from "../ui/Spinner";
import "./phone-verify.css";

/**
 * A mobile number of each market, as a placeholder (numbers are not language: no catalogue entry); the
 * British one from Ofcom's drama range, so the example rings nobody.
 */
const examples: Record<string, string> = { it: "347 123 4567", es: "612 345 678", en: "07700 900123" };
const CODE_LENGTH = 6;

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

/** A message of the popup: its key and placeholders, shown as an error or a confirmation. */
interface Notice {
  key: MessageKey;
  vars?: Record<string, string | number>;
  tone: "error" | "success";
}

/** The notice of an API error: its message key with the tries left or the wait it carries. */
function noticeOf(failure: ApiErrorFields): Notice {
  const key: MessageKey = isMessageKey(failure.messageKey) ? failure.messageKey : "errore_generico";
  const seconds = failure.retryAfterS ?? 0;
  // A network's wait is up to an hour: told in minutes, rounded up.
  const vars = { tries: failure.triesLeft ?? 0, seconds, minutes: Math.max(1, Math.ceil(seconds / 60)) };
  return { key, vars, tone: "error" };
}

/** The code step's state: where the code went, how long it lives, and when another may be asked. */
interface Sent {
  /** E.164, for another code to the same number. */
  phone: string;
  /** As the market writes it ("347 123 4567"), to show. */
  display: string;
  minutes: number;
  expiresAt: number;
  resendAt: number;
}

/**
 * The code step of a popup closed before the code was entered: opened again while the code lives, the popup
 * asks for that code instead of a new one (which the minute between sends would refuse).
 */
let lastSent: (Sent & { clickid: string }) | null = null;

export function PhoneVerifyPopup({ onClose, onVerified }: { onClose: () => void; onVerified: () => void }) {
  const { t } = useI18n();
  const { state, updateMember } = useSession();
  const member = state.status === "member" ? state.member : null;
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState<Sent | null>(() =>
    lastSent && lastSent.clickid === member?.clickid && lastSent.expiresAt > Date.now() ? lastSent : null,
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  // A throttled number step: the submit waits for the server's time.
  const [phoneWaitUntil, setPhoneWaitUntil] = useState(0);
  const resendIn = useSecondsLeft(sent?.resendAt ?? 0);
  const phoneWait = useSecondsLeft(phoneWaitUntil);
  const clickidOf = member?.clickid;
  useEffect(() => {
    lastSent = sent && clickidOf ? { ...sent, clickid: clickidOf } : null;
  }, [sent, clickidOf]);
  const failed = (failure: unknown) => {
    console.warn("phone: verification failed", failure);
    setNotice({ key: "errore_generico", tone: "error" });
  };
  // A code to a number: the number step's submit, or another code to the same number (`again`).
  const requestCode = useMutation({
    mutationFn: async ({ clickid, phone }: { clickid: string; phone: string; again: boolean }) => {
      const response = await api.api.users[":clickid"].phone.$post({ param: { clickid }, json: { phone } });
      return response.ok
        ? { ok: true as const, body: await response.json() }
        : { ok: false as const, failure: await errorOf(response) };
    },
    onMutate: () => setNotice(null),
    onSuccess: (answer, { again }) => {
      if (answer.ok) {
        const { body } = answer;
        setSent({
          phone: body.phone,
          display: body.phoneDisplay,
          minutes: Math.round(body.expiresInS / 60),
          expiresAt: Date.now() + body.expiresInS * 1000,
          resendAt: Date.now() + body.resendInS * 1000,
        });
        setCode("");
        if (again) setNotice({ key: "phone_reinviato", tone: "success" });
        return;
      }
      const { failure } = answer;
      if (failure.retryAfterS) {
        const until = Date.now() + failure.retryAfterS * 1000;
        setPhoneWaitUntil(until);
        setSent((s) => (s ? { ...s, resendAt: until } : s));
      }
      setNotice(noticeOf(failure));
    },
    onError: failed,
  });
  const verifyCode = useMutation({
    mutationFn: async ({ clickid, code }: { clickid: string; code: string }) => {
      const response = await api.api.users[":clickid"].phone.verify.$post({
        param: { clickid },
        json: { code },
      });
      return response.ok
        ? { ok: true as const, body: await response.json() }
        : { ok: false as const, failure: await errorOf(response) };
    },
    onMutate: () => setNotice(null),
    onSuccess: (answer) => {
      if (!answer.ok) {
        setNotice(noticeOf(answer.failure));
        return;
      }
      lastSent = null;
      updateMember(answer.body.user);
      onVerified();
    },
    onError: failed,
  });
  const busy = requestCode.isPending || verifyCode.isPending;
  if (!member) return null;
  const clickid = member.clickid;

  function submitPhone(e: FormEvent) {
    e.preventDefault();
    if (phone.trim().length < 6) {
      setNotice({ key: "errore_telefono", tone: "error" });
      return;
    }
    requestCode.mutate({ clickid, phone, again: false });
  }

  function resend() {
    if (!sent) return;
    requestCode.mutate({ clickid, phone: sent.phone, again: true });
  }

  function submitCode(e: FormEvent) {
    e.preventDefault();
    if (code.length !== CODE_LENGTH) {
      setNotice({ key: "errore_codice_formato", tone: "error" });
      return;
    }
    verifyCode.mutate({ clickid, code });
  }

  const message = notice && <FormMessage tone={notice.tone}>{t(notice.key, notice.vars)}</FormMessage>;
  const actions = (submit: string, disabled: boolean) => (
    <div className="popup-actions">
      <button type="button" className="button" onClick={onClose}>
        {t("popup_close")}
      </button>
      <button type="submit" className="button primary" disabled={busy || disabled}>
        {busy ? <Spinner label={t("app_loading")} /> : submit}
      </button>
    </div>
  );

  // Each step is its own form (keyed), so its field mounts afresh and takes the focus.
  if (!sent) {
    const invalid = notice?.key === "errore_telefono" || notice?.key === "errore_telefono_usato";
    return (
      <Popup title={t("phone_titolo")} onClose={onClose} testId="phone-popup">
        <form key="phone" className="inline-form" onSubmit={submitPhone} noValidate data-step="phone">
          <p>{t("phone_testo")}</p>
          <label className={invalid ? "invalid" : undefined}>
            {t("phone_label")}
            <input
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              autoFocus
              data-autofocus
              placeholder={examples[member.country] ?? ""}
              value={phone}
              maxLength={32}
              onChange={(e) => {
                setPhone(e.target.value);
                setNotice(null);
              }}
              aria-invalid={invalid}
            />
          </label>
          {notice?.key === "errore_sms_attesa" && phoneWait > 0 ? (
            <FormMessage tone="error">{t("errore_sms_attesa", { seconds: phoneWait })}</FormMessage>
          ) : (
            notice?.key !== "errore_sms_attesa" && message
          )}
          <p className="muted small">{t("phone_nota")}</p>
          {actions(t("phone_submit"), phoneWait > 0)}
        </form>
      </Popup>
    );
  }

  const codeInvalid = notice?.tone === "error" && notice.key.startsWith("errore_codice");
  return (
    <Popup title={t("phone_titolo")} onClose={onClose} testId="phone-popup">
      <form key="code" className="inline-form" onSubmit={submitCode} noValidate data-step="code">
        <p data-testid="phone-code-sent">
          {t("phone_codice_testo", { phone: sent.display, minutes: sent.minutes })}
        </p>
        <label className={codeInvalid ? "invalid" : undefined}>
          {t("phone_codice_label")}
          <input
            name="code"
            className="phone-code-input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            autoFocus
            data-autofocus
            value={code}
            maxLength={CODE_LENGTH}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, "").slice(0, CODE_LENGTH));
              setNotice(null);
            }}
            aria-invalid={codeInvalid}
          />
        </label>
        {notice?.key === "errore_sms_attesa" ? null : message}
        <div className="phone-code-links">
          {resendIn > 0 ? (
            <span className="muted small" data-testid="phone-resend-wait">
              {t("phone_reinvia_tra", { seconds: resendIn })}
            </span>
          ) : (
            <button type="button" className="phone-link" onClick={resend} disabled={busy}>
              {t("phone_reinvia")}
            </button>
          )}
          <button
            type="button"
            className="phone-link"
            onClick={() => {
              setSent(null);
              setNotice(null);
            }}
          >
            {t("phone_cambia_numero")}
          </button>
        </div>
        {actions(t("phone_codice_submit"), false)}
      </form>
    </Popup>
  );
}
