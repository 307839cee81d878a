import { useQuery } from "@tanstack/react-query";
import { Navigate } from "@tanstack/react-router";
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { type Locale, locales } from "../../../worker/contracts/locales";
import type { Operator } from "../../../worker/contracts/ops";
import { I18nProvider, useI18n } from "../../i18n/i18n";
import { opsApi, opsStore } from "./ops-api";
import { isUnauthorized, opsMeQuery } from "./ops-queries";

type OpsState = { status: "loading" } | { status: "signedOut" } | { status: "operator"; operator: Operator };

interface OpsSession {
  state: OpsState;
  signIn(token: string, operator: Operator): void;
  signOut(): Promise<void>;
  /** Called when the API answers 401: the token is gone (logout elsewhere, expiry). */
  expired(): void;
  language: Locale;
  setLanguage(language: Locale): void;
}

const OpsContext = createContext<OpsSession | null>(null);

export function useOps(): OpsSession {
  const value = useContext(OpsContext);
  if (!value) throw new Error("useOps outside the console");
  return value;
}

const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale);

/**
 * The console's session and language: the operator's token (not a member's), checked with /me at start;
 * the language is the operator's preference, which the language picker changes.
 */
export function OpsSessionProvider({ children }: { children: ReactNode }) {
  const site = useI18n().locale;
  const [state, setState] = useState<OpsState>(() =>
    opsStore.token() ? { status: "loading" } : { status: "signedOut" },
  );
  const [chosen, setChosen] = useState<string | null>(() => opsStore.language());

  // The token found at start, checked once (a sign-in later brings its own operator).
  const [startToken] = useState(() => opsStore.token());
  const me = useQuery(opsMeQuery(startToken));
  useEffect(() => {
    if (me.data === undefined) return;
    if (me.data) setState({ status: "operator", operator: me.data });
    else {
      opsStore.setToken(null);
      setState({ status: "signedOut" });
    }
  }, [me.data]);
  useEffect(() => {
    // The server could not be reached: signed out for now, the token is kept for the next start.
    if (me.error) setState({ status: "signedOut" });
  }, [me.error]);

  const signIn = useCallback((token: string, operator: Operator) => {
    opsStore.setToken(token);
    setState({ status: "operator", operator });
  }, []);
  const expired = useCallback(() => {
    opsStore.setToken(null);
    setState({ status: "signedOut" });
  }, []);
  const signOut = useCallback(async () => {
    await opsApi.logout.$post().catch(() => undefined);
    expired();
  }, [expired]);

  const operator = state.status === "operator" ? state.operator : null;
  // Signed in: the operator's preference. On the login page: the last choice in this browser, or the site's.
  const language: Locale = operator?.language ?? (isLocale(chosen) ? chosen : site);
  const setLanguage = useCallback((next: Locale) => {
    opsStore.setLanguage(next);
    // A transition: the console stays in the old language until the new one's texts have arrived.
    startTransition(() => {
      setChosen(next);
      setState((s) => (s.status === "operator" ? { ...s, operator: { ...s.operator, language: next } } : s));
    });
    // Saved as the operator's preference (a failure only loses that; the console switches anyway).
    if (opsStore.token()) void opsApi.me.language.$put({ json: { language: next } }).catch(() => undefined);
  }, []);

  const value = useMemo(
    () => ({ state, signIn, signOut, expired, language, setLanguage }),
    [state, signIn, signOut, expired, language, setLanguage],
  );
  return (
    <OpsContext.Provider value={value}>
      <I18nProvider locale={language}>{children}</I18nProvider>
    </OpsContext.Provider>
  );
}

/** Signs the console out when a query of the page was answered 401 (the token is gone). */
export function useSignOutOnUnauthorized(error: unknown) {
  const { expired } = useOps();
  useEffect(() => {
    if (isUnauthorized(error)) expired();
  }, [error, expired]);
}

/** Console pages other than the login need a signed-in operator. */
export function RequireOperator({ children }: { children: (operator: Operator) => ReactNode }) {
  const { state } = useOps();
  const { t } = useI18n();
  if (state.status === "loading") return <p className="muted center">{t("app_loading")}</p>;
  if (state.status === "signedOut") return <Navigate to="/ops/login" replace />;
  return <>{children(state.operator)}</>;
}
