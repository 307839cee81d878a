import { useMutation } from "@tanstack/react-query";
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
  const [failure, setFailure] = useState<SignupFailure | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  const signUp = useMutation({
    mutationFn: async (member: SignupPayload) => {
      const response =
        endpoint === "register"
          ? await api.users.register.$post({ json: { utente: member } })
          : await api.users.extSign_register.$post({ json: { utente: member } });
      return response.ok
        ? { ok: true as const, session: await response.json() }
        : { ok: false as const, status: response.status, error: await errorOf(response) };
    },
    onMutate: () => setFailure(null),
    onSuccess: (answer) => {
      if (answer.ok) {
        // The retargeting pixel of the lead, with marketing consent only.
        firePixel(brand, "lead", answer.session.clickid);
        enter(answer.session);
        return;
      }
      const { status, error } = answer;
      console.warn("Errore authServices", status, error.code);
      reportClientError(CLIENT_LOG_SUBJECTS.signup, `sign-up refused: ${status} ${error.code ?? ""}`);
      const result = signupFailure(error);
      setFailure(result);
      const url = result.redirect;
      if (url) redirectTimer.current = setTimeout(() => window.location.assign(url), OTHER_SITE_REDIRECT_MS);
    },
    onError: (error) => {
      console.warn("Errore authServices: the sign-up did not reach the server", error);
      reportClientError(CLIENT_LOG_SUBJECTS.signup, "sign-up did not reach the server");
      setFailure({ message: { key: "errore_generico" } });
    },
  });

  function register(fields: RegisterFields) {
    const t = tracking();
    const member: SignupPayload = {
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
    signUp.mutate(member);
  }

  return { busy: signUp.isPending || entering, failure, setFailure, register };
}
