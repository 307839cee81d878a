import { hc } from "hono/client";
import type { AppType } from "../../../worker/app";
import { formatMoney } from "../../../worker/contracts/money";
import type { MessageKey } from "../../i18n/i18n";

// The console keeps its own token under its own key: a member session in the same browser never opens
// the console, and signing out of one leaves the other alone.
const TOKEN_KEY = "opsToken";
const LANGUAGE_KEY = "opsLanguage";

function safely<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

export const opsStore = {
  token: () => safely(() => localStorage.getItem(TOKEN_KEY), null),
  setToken: (token: string | null) =>
    safely(
      () => (token ? localStorage.setItem(TOKEN_KEY, token) : localStorage.removeItem(TOKEN_KEY)),
      undefined,
    ),
  language: () => safely(() => localStorage.getItem(LANGUAGE_KEY), null),
  setLanguage: (language: string) => safely(() => localStorage.setItem(LANGUAGE_KEY, language), undefined),
};

/** The typed client of /ops/api (Hono RPC), with the operator's token. */
export const opsApi = hc<AppType>("/", {
  headers: (): Record<string, string> => {
    const token = opsStore.token();
    return token ? { authorization: `Bearer ${token}` } : {};
  },
}).ops.api;

/** The catalogue key for an error code of /ops/api. */
export function opsErrorKey(code: string | undefined): MessageKey {
  switch (code) {
    case "wrong_credentials":
      return "ops_error_wrong_credentials";
    case "operator_disabled":
      return "ops_error_disabled";
    case "too_many_attempts":
      return "ops_error_too_many";
    case "already_taken":
      return "ops_error_taken";
    case "at_capacity":
      return "ops_error_capacity";
    case "not_lease_holder":
      return "ops_error_not_holder";
    case "no_conversation":
      return "ops_error_no_conversation";
    case "no_member":
      return "ops_money_error_member";
    case "no_payment":
      return "ops_error_no_payment";
    case "already_refunded":
      return "ops_error_already_refunded";
    case "not_refundable":
      return "ops_error_not_refundable";
    case "refund_refused":
      return "ops_error_refund_refused";
    case "refund_in_portal":
      return "ops_error_refund_in_portal";
    case "payments_unavailable":
      return "ops_error_unavailable";
    default:
      return "ops_error_generic";
  }
}

/** m:ss of a positive duration, for the lease countdown. */
export function countdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** An amount of cents as the console's language writes money. */
export const formatCents = formatMoney;
