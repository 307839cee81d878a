import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { FormMessage } from "../../components/ui/FormMessage";
import { Popup } from "../../components/ui/Popup";
import { Spinner } from "../../components/ui/Spinner";
import { isMessageKey, type Message, useI18n } from "../../i18n/i18n";
import { api, errorOf } from "../../lib/api";
import { once } from "../../lib/once";
import { useLandingParams } from "../../lib/search";
import { useEnter } from "../../lib/session/use-enter";
import { store } from "../../lib/storage";
import { tracking } from "../../lib/tracking";
import { AutoSignupPage } from "./AutoSignupPage";
import "./auth.css";

function googleFailure(error: { code?: string; messageKey?: string; email?: string }): Message {
  switch (error.code) {
    case "1003":
      return { key: "errore_1003", vars: { email: error.email ?? "" } };
    case "1005":
      return { key: "errore_1005" };
    case "1007":
      return { key: "errore_1007" };
    case "1008":
      return { key: "utente_disabilitato" };
    case "google_unavailable":
      return { key: "google_non_disponibile" };
    default:
      return { key: isMessageKey(error.messageKey) ? error.messageKey : "google_riprova" };
  }
}

/**
 * /loginWithGoogle: with Google's code, finishes the sign-in (a new member gets the set-region popup, an
 * existing one is logged in) and goes home; without a code it is an auto sign-up lander.
 */
export function GoogleCallbackPage({ brand }: { brand: PublicBrand }) {
  const params = useLandingParams("/loginWithGoogle");
  if (!params) return null;
  const code = params.get("code");
  const state = params.get("state");
  const denied = params.get("error");
  if (code && state) return <GoogleCallback brand={brand} code={code} state={state} />;
  if (denied) {
    // google_unavailable: the start route found no Google client configured; anything else is Google's.
    const key = denied === "google_unavailable" ? "google_non_disponibile" : "google_riprova";
    return <GoogleError message={{ key }} />;
  }
  return <AutoSignupPage brand={brand} kind="loginWithGoogle" />;
}

function GoogleError({ message }: { message: Message }) {
  const { t } = useI18n();
  return (
    <section className="card form">
      <h1>{t("login_title")}</h1>
      <FormMessage tone="error">{t(message.key, message.vars)}</FormMessage>
      <Link to="/login" className="button primary">
        {t("nav_login")}
      </Link>
      <p className="form-footer">
        {t("login_new_here")} <Link to="/signup">{t("home_register")}</Link>
      </p>
    </section>
  );
}

function GoogleCallback({ brand, code, state }: { brand: PublicBrand; code: string; state: string }) {
  const { t } = useI18n();
  const { enter } = useEnter();
  const [failure, setFailure] = useState<Message | null>(null);
  /** A sign-in that cancelled a pending deletion: the member is told before going on. */
  const [restored, setRestored] = useState<Parameters<typeof enter>[0] | null>(null);

  useEffect(() => {
    let active = true;
    // sono, cerco, fluxId and source travelled with the start of the sign-in (its cookie); this page's own
    // flux id (7 for any page but / and /signup) must not replace them.
    const { fingerprint, campid } = tracking();
    once(`google:${code}`, async () => {
      const response = await api.users.auth.google.$post({
        json: {
          code,
          state,
          fingerprint,
          clickid: store.get("trackerId") ?? undefined,
          country: brand.country,
          servizio: window.location.host,
          ua: navigator.userAgent,
          ...(campid ? { campid } : {}),
        },
      });
      return response.ok
        ? ({ ok: true, body: await response.json() } as const)
        : ({ ok: false, error: await errorOf(response) } as const);
    })
      .then((result) => {
        if (!active) return;
        if (result.ok && result.body.account_restored) {
          setRestored(result.body);
          return;
        }
        if (result.ok) {
          // A new member (login false) has no region yet: signing in queues the set-region popup.
          enter(result.body, { replace: true });
          return;
        }
        console.warn("Google sign-in refused", result.error.code);
        setFailure(googleFailure(result.error));
      })
      .catch((error: unknown) => {
        console.warn("Google sign-in did not reach the server", error);
        if (active) setFailure({ key: "google_riprova" });
      });
    return () => {
      active = false;
    };
  }, [brand.country, code, state, enter]);

  if (failure) return <GoogleError message={failure} />;
  if (restored) {
    const goOn = () => enter(restored, { replace: true });
    return (
      <Popup
        title={t("account_ripristinato_titolo")}
        testId="account-restored"
        onClose={goOn}
        actions={
          <button type="button" className="button primary" onClick={goOn}>
            {t("popup_close")}
          </button>
        }
      >
        <p>{t("account_ripristinato")}</p>
      </Popup>
    );
  }
  return (
    <section className="card form center" aria-busy="true">
      <Spinner label={t("google_loading")} />
      <p className="muted">{t("google_loading")}</p>
    </section>
  );
}
