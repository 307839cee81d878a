import { useEffect, useRef, useState } from "react";
import type { SignupPayload } from "../../../worker/contracts/auth";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { CLIENT_LOG_SUBJECTS } from "../../../worker/contracts/tracking-names";
import { api, errorOf } from "../../lib/api";
import { reportClientError } from "../../lib/client-errors";
import { firePixel } from "../../lib/consent";
import { useEnter } from "../../lib/session/use-enter";
import { store } from "../../lib/storage";
import { tracking } from "../../lib/tracking";
import { type SignupFailure, signupFailure } from "./auth-rules";

/** How long the 1006 message shows before the visitor is taken to the other country's site. */
export const OTHER_SITE_REDIRECT_MS = 3000;

export type RegisterFields = Pick<
  SignupPayload,
  "email" | "password" | "eta" | "region" | "sono" | "cerco" | "terms1" | "terms2" | "terms3" | "terms4"
> &
  Partial<Pick<SignupPayload, "autoSignup">>;

/**
 * Sends a sign-up with the tracking fields: a spinner and a disabled button meanwhile; on success the
 * session is stored and the member goes home (the spec's /, which sends members on to /find or /match),
 * the form staying on screen until that page is there; otherwise the failure.
 */
export function useRegister(brand: PublicBrand, endpoint: "register" | "extSign_register") {
  const { entering, enter } = useEnter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<SignupFailure | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  async function register(fields: RegisterFields) {
    const t = tracking();
    const utente: SignupPayload = {
      ...fields,
      autoSignup: fields.autoSignup ?? false,
      email: fields.email.replace(/\s/g, ""),
      source: t.source,
      country: brand.country,
      ...(t.campid ? { campid: t.campid } : {}),
      clickid: store.get("trackerId") ?? t.trackerId,
      fingerprint: t.fingerprint,
      fluxId: t.fluxId,
      servizio: window.location.host,
      ua: navigator.userAgent,
    };
    setBusy(true);
    setFailure(null);
    try {
      const response =
        endpoint === "register"
          ? await api.users.register.$post({ json: { utente } })
          : await api.users.extSign_register.$post({ json: { utente } });
      if (response.ok) {
        const session = await response.json();
        // The retargeting pixel of the lead, with marketing consent only.
        firePixel(brand, "lead", session.clickid);
        enter(session);
        return;
      }
      const error = await errorOf(response);
      console.warn("Errore authServices", response.status, error.code);
      reportClientError(
        CLIENT_LOG_SUBJECTS.signup,
        `sign-up refused: ${response.status} ${error.code ?? ""}`,
      );
      const result = signupFailure(error);
      setFailure(result);
      const url = result.redirect;
      if (url) redirectTimer.current = setTimeout(() => window.location.assign(url), OTHER_SITE_REDIRECT_MS);
    } catch (error) {
      console.warn("Errore authServices: the sign-up did not reach the server", error);
      reportClientError(CLIENT_LOG_SUBJECTS.signup, "sign-up did not reach the server");
      setFailure({ message: { key: "errore_generico" } });
    } finally {
      setBusy(false);
    }
  }

  return { busy: busy || entering, failure, setFailure, register };
}
