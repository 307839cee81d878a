// Pure rules of the sign-up and login pages (tests/unit/auth-forms.test.ts): which form a flow shows and
// what each server error shows.
import { type SignupField, signupFields } from "../../../worker/contracts/auth";
import { COMPLIANT_FLUX_ID } from "../../../worker/contracts/flow";
import { isMessageKey, type Message, type MessageKey } from "../../i18n/i18n";
import type { ApiErrorFields } from "../../lib/api";

/** The two sign-up forms of the spec, as the flows' `signupForm` (drizzle/seed.ts) describes them. */
export interface SignupForm {
  genderChoice: boolean;
  minAge: number;
  maxAge: number;
}
export const FIXED_FORM: SignupForm = { genderChoice: false, minAge: 19, maxAge: 98 };
export const CHOICE_FORM: SignupForm = { genderChoice: true, minAge: 18, maxAge: 89 };

/**
 * The form of a flow. The server has no public way to read a flow's `signupForm`, so the client knows the
 * two seeded forms: the compliant flow 0000 offers the choice with ages 18-89, every other flow fixes
 * sono/cerco with ages 19-98 (unknown flux ids fall back to flow 7 on the server too).
 */
export function signupFormFor(fluxId: string): SignupForm {
  return fluxId === COMPLIANT_FLUX_ID ? CHOICE_FORM : FIXED_FORM;
}

/** The spec's gender choice: 1 woman, 2 man, 0 unset (sent as an empty value, refused as errore_sono/cerco). */
export type GenderChoice = "0" | "1" | "2";
export function genderOf(choice: GenderChoice): "" | "donna" | "uomo" {
  return choice === "1" ? "donna" : choice === "2" ? "uomo" : "";
}

export interface SignupFailure {
  message: Message;
  /** The field to turn red. */
  field?: SignupField;
  /** 1006: the other site to go to after the message. */
  redirect?: string;
  /** 1009: the page offers to log in or to resend the activation mail, allowed in this many seconds. */
  activationWaitS?: number;
}

const isField = (f: string | undefined): f is SignupField => signupFields.some((s) => s === f);

/** What the form shows for an error answer of /users/register (the spec's catalogue, section 8). */
export function signupFailure(error: ApiErrorFields): SignupFailure {
  switch (error.code) {
    case "1000":
      return { message: { key: "errore_1000" }, field: "email" };
    case "1003":
      return { message: { key: "errore_1003", vars: { email: error.email ?? "" } }, field: "email" };
    case "1004":
      return { message: { key: "errore_email" }, field: "email" };
    case "1005":
      return { message: { key: "errore_1005" }, field: "email" };
    case "1006": {
      const url = error.url && /^https?:\/\//i.test(error.url) ? error.url : undefined;
      return { message: { key: "errore_1006" }, ...(url ? { redirect: url } : {}) };
    }
    case "1007":
      return { message: { key: "errore_1007" } };
    case "1009":
      return { message: { key: "errore_1009" }, field: "email", activationWaitS: error.retryAfterS ?? 0 };
    case "invalid_input":
      return {
        message: { key: isMessageKey(error.messageKey) ? error.messageKey : "errore_generico" },
        ...(isField(error.field) ? { field: error.field } : {}),
      };
    default:
      return { message: { key: "errore_generico" } };
  }
}

/** The login answers' codes and what they show (the spec: wrong credentials, disabled account, too many tries). */
export function loginFailureKey(code: string | undefined): MessageKey {
  switch (code) {
    case "1001":
      return "mail_password_errati";
    case "1008":
      return "utente_disabilitato";
    case "too_many_attempts":
      return "troppi_tentativi";
    case "invalid_input":
      return "login_campi_obbligatori";
    default:
      return "errore_generico";
  }
}
