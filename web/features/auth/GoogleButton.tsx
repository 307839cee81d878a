import type { MouseEvent } from "react";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { useI18n } from "../../i18n/i18n";
import { tracking } from "../../lib/tracking";
import "./auth.css";

/** The start of Google sign-in: the Worker redirects to Google, which comes back to /loginWithGoogle. */
export function googleStartUrl(input: {
  intent: "signup" | "login";
  gender?: string;
  seeking?: string;
  fluxId: string;
  source: string;
  /** The sign-up page's optional marketing boxes, as ticked. */
  marketing?: { promotions: boolean; thirdParties: boolean };
}): string {
  const query = new URLSearchParams({ intent: input.intent });
  if (input.marketing) {
    query.set("promotions", input.marketing.promotions ? "1" : "0");
    query.set("thirdParties", input.marketing.thirdParties ? "1" : "0");
  }
  // Empty values are left out: the start route only takes uomo/donna for sono and cerco.
  if (input.gender === "uomo" || input.gender === "donna") query.set("sono", input.gender);
  if (input.seeking === "uomo" || input.seeking === "donna") query.set("cerco", input.seeking);
  if (input.fluxId) query.set("fluxId", input.fluxId);
  if (input.source) query.set("source", input.source);
  return `/users/auth/google/start?${query}`;
}

const GoogleLogo = () => (
  <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
    <path
      fill="#EA4335"
      d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
    />
    <path
      fill="#4285F4"
      d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
    />
    <path
      fill="#FBBC05"
      d="M10.53 28.59A14.5 14.5 0 0 1 9.5 24c0-1.59.28-3.14.76-4.59l-7.98-6.19A23.94 23.94 0 0 0 0 24c0 3.77.9 7.35 2.56 10.78l7.97-6.19z"
    />
    <path
      fill="#34A853"
      d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
    />
  </svg>
);

/** "or" and the Google button, when this deployment has Google sign-in configured; otherwise nothing. */
export function GoogleButton(props: {
  brand: PublicBrand;
  intent: "signup" | "login";
  gender?: string;
  seeking?: string;
  marketing?: { promotions: boolean; thirdParties: boolean };
  /** Called before leaving; returning false keeps the visitor on the page (e.g. consents not ticked). */
  beforeLeave?: () => boolean;
}) {
  const { t } = useI18n();
  const { fluxId, source } = tracking();
  const href = googleStartUrl({
    intent: props.intent,
    gender: props.gender,
    seeking: props.seeking,
    fluxId,
    source,
    ...(props.marketing ? { marketing: props.marketing } : {}),
  });
  const onClick = (e: MouseEvent) => {
    if (props.beforeLeave && !props.beforeLeave()) e.preventDefault();
  };
  if (!props.brand.google_login) return null;
  return (
    <>
      <div className="divider">
        <span>{t("signup_or")}</span>
      </div>
      <a className="button google" href={href} onClick={onClick} data-testid="google-button">
        <GoogleLogo />
        {t(props.intent === "signup" ? "signup_google" : "login_google")}
      </a>
    </>
  );
}
