// The public pages' wire: the legal pages (spec: POST legal {p, d, l} answering HTML) and the contact form.
import { z } from "zod";
import { emailPattern } from "./auth";
import { Locale } from "./locales";

/** The spec's five legal page keys: content loads only for these. */
export const legalPages = ["faq", "cookie", "privacy", "terms", "features"] as const;
export const LegalPage = z.enum(legalPages);
export type LegalPage = z.infer<typeof LegalPage>;

export const LegalRequest = z.object({
  /** The page key. */
  p: LegalPage,
  /** The brand's domain (or one of its hosts): the page is the serving brand's. */
  d: z.string().trim().min(1).max(253),
  /** The language of the text. */
  l: Locale,
});

/** A phone number as a tel: link (digits and the leading +). */
export const telHref = (tel: string) => `tel:${tel.replace(/[^\d+]/g, "")}`;

/** The spec's contact submit delay: the thank-you shows 0.5 s after the submit. */
export const CONTACT_THANKS_DELAY_MS = 500;
/** A contact message is a note to customer care, not a document. */
export const CONTACT_MESSAGE_MAX = 5000;

/** The contact form's fields and the message key each shows when it is wrong. */
export const contactFields = { email: "errore_email", message: "contact_errore_messaggio" } as const;
export type ContactField = keyof typeof contactFields;

/** The contact form's rules, shared by the page (before sending) and the Worker. */
export function contactProblems(draft: { email: string; message: string }): ContactField[] {
  const bad: ContactField[] = [];
  if (!emailPattern.test(draft.email.replace(/\s/g, "")) || draft.email.length > 254) bad.push("email");
  const message = draft.message.trim();
  if (!message || message.length > CONTACT_MESSAGE_MAX) bad.push("message");
  return bad;
}

export const ContactRequest = z.object({
  email: z.string().max(254),
  message: z.string().max(CONTACT_MESSAGE_MAX * 2),
});
