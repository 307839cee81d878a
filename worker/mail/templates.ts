import { z } from "zod";
import type { Brand } from "../brands/brand";
import type { Locale } from "../contracts/locales";
import { escapeHtml } from "../core/html";
import { digestCopy, digestTemplates } from "./digest-templates";
import { rightsCopy, rightsTemplates, WITHDRAW_INTRO, WITHDRAW_LABEL } from "./rights-templates";
import { en } from "./texts/en";
import { es } from "./texts/es";
import { fr } from "./texts/fr";
import { it } from "./texts/it";

/** The account, payment and contact mails, whose copy lives per language in texts/. */
const coreTemplates = [
  "activation",
  "reset_password",
  "welcome",
  "refund",
  "renewed",
  "renewal_failed",
  "subscription_ended",
  "contact",
] as const;
type CoreTemplate = (typeof coreTemplates)[number];

/** The transactional mails; adding one does not compile until every language has its copy. */
export const mailTemplates = [...coreTemplates, ...rightsTemplates, ...digestTemplates] as const;
export const MailTemplate = z.enum(mailTemplates);
export type MailTemplate = z.infer<typeof MailTemplate>;

/** What a template renders to: the subject and both bodies of one mail. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** What a payment mail states, formatted for its language by the sender. */
export interface MailFacts {
  plan?: string;
  amount?: string;
  date?: string;
  /** The contact form's sender address and message (worker/legal). */
  sender?: string;
  message?: string;
  /** A one-time code (the deletion's confirmation). */
  code?: string;
  /** A contract's number, its purchase date and what the checkout said of immediate performance. */
  contract?: string;
  purchased?: string;
  performance?: string;
  /** A withdrawal's refund, explained (days or credits used). */
  refund?: string;
  /** The withdrawal function's address: the mail shows it, labelled as the law asks, with its deadline. */
  withdrawal?: string;
  withdrawalDays?: string;
  /** The notification digest's lines, one per conversation or event. */
  digest?: string;
  /** The notification digest's unsubscribe page (also in its List-Unsubscribe header). */
  unsubscribe?: string;
}

/** The facts a payment mail states: it is never rendered without them (no mail shows an empty slot). */
const neededFacts: Partial<Record<MailTemplate, readonly (keyof MailFacts)[]>> = {
  refund: ["plan", "amount"],
  renewed: ["plan", "amount", "date"],
  renewal_failed: ["plan", "amount", "date"],
  subscription_ended: ["plan"],
  data_export: ["date"],
  deletion_code: ["code"],
  deletion_requested: ["date"],
  purchase: ["contract", "plan", "amount", "date", "performance", "withdrawal", "withdrawalDays"],
  withdrawal_received: ["contract", "plan", "purchased", "date", "amount", "refund"],
  notification_digest: ["digest", "unsubscribe"],
};

/** The values a template may show. All are plain text here; the HTML renderer escapes them. */
export interface Values extends MailFacts {
  title: string;
  to: string;
}

export interface TemplateCopy {
  subject: (v: Values) => string;
  heading: (v: Values) => string;
  paragraphs: ((v: Values) => string)[];
  button: (v: Values) => string;
  /** Shown after the button, e.g. "if you did not ask, ignore this". */
  after: ((v: Values) => string)[];
}

export interface CommonCopy {
  greeting: string;
  signoff: (v: Values) => string;
  fallbackLink: string;
  /** The product rule for every brand: it cannot be configured away. */
  fictional: (v: Values) => string;
  why: (v: Values) => string;
  vat: string;
  support: string;
  /** Before a link or a value ("Support: ..."); French puts a no-break space before it. */
  colon: string;
}

/** The copy of one language (texts/): the words around every mail, and the core mails. */
export interface MailTexts {
  common: CommonCopy;
  templates: Record<CoreTemplate, TemplateCopy>;
}

const common: Record<Locale, CommonCopy> = { it: it.common, en: en.common, es: es.common, fr: fr.common };

const copy: Record<MailTemplate, Record<Locale, TemplateCopy>> = {
  activation: {
    it: it.templates.activation,
    en: en.templates.activation,
    es: es.templates.activation,
    fr: fr.templates.activation,
  },
  reset_password: {
    it: it.templates.reset_password,
    en: en.templates.reset_password,
    es: es.templates.reset_password,
    fr: fr.templates.reset_password,
  },
  welcome: {
    it: it.templates.welcome,
    en: en.templates.welcome,
    es: es.templates.welcome,
    fr: fr.templates.welcome,
  },
  // A supervisor refunded a payment from the console (worker/payments/refund.service.ts): the amount and the
  // plan as facts; the link opens the member's profile, where the receipts are.
  refund: {
    it: it.templates.refund,
    en: en.templates.refund,
    es: es.templates.refund,
    fr: fr.templates.refund,
  },
  // The renewal job's outcomes (worker/payments/renewals.service.ts); the link opens the member's profile,
  // where the plan, the next billing date, the receipts and the one-click unsubscribe are.
  renewed: {
    it: it.templates.renewed,
    en: en.templates.renewed,
    es: es.templates.renewed,
    fr: fr.templates.renewed,
  },
  renewal_failed: {
    it: it.templates.renewal_failed,
    en: en.templates.renewal_failed,
    es: es.templates.renewal_failed,
    fr: fr.templates.renewal_failed,
  },
  subscription_ended: {
    it: it.templates.subscription_ended,
    en: en.templates.subscription_ended,
    es: es.templates.subscription_ended,
    fr: fr.templates.subscription_ended,
  },
  // The contact form (worker/legal) to the brand's customer care, in the brand's language; the button
  // answers the sender (also the mail's Reply-To through Mailgun).
  contact: {
    it: it.templates.contact,
    en: en.templates.contact,
    es: es.templates.contact,
    fr: fr.templates.contact,
  },
  ...rightsCopy,
  ...digestCopy,
};

const defaultTheme = {
  primary: "#b3123a",
  primaryText: "#ffffff",
  background: "#f6f6f6",
  surface: "#ffffff",
  text: "#222222",
};

/** Only plain hex colours reach a style attribute; anything else falls back to a neutral theme. */
function theme(brand: Brand) {
  const hex = (value: string | undefined, fallback: string) =>
    value && /^#[0-9a-f]{3,8}$/i.test(value) ? value : fallback;
  const t: Partial<Brand["public"]["tema"]> = brand.public.tema ?? {};
  return {
    primary: hex(t.primary, defaultTheme.primary),
    primaryText: hex(t.primaryText, defaultTheme.primaryText),
    background: hex(t.background, defaultTheme.background),
    surface: hex(t.surface, defaultTheme.surface),
    text: hex(t.text, defaultTheme.text),
  };
}

/**
 * Renders one transactional mail for a brand in a language. `link` must be an absolute http(s) URL (the
 * confirmation, reset or site link) or a mailto: link; it and every brand value are escaped in the HTML part.
 */
export function renderMail(input: {
  brand: Brand;
  template: MailTemplate;
  language: Locale;
  to: string;
  link: string;
  facts?: MailFacts;
}): RenderedMail {
  const { brand, template, language, to, link } = input;
  if (!/^(https?:\/\/|mailto:)\S+$/i.test(link))
    throw new Error("mail links must be absolute http(s) URLs (or mailto: to answer a sender)");
  const missing = (neededFacts[template] ?? []).filter((fact) => !input.facts?.[fact]?.trim());
  if (missing.length > 0) throw new Error(`the ${template} mail needs ${missing.join(", ")}`);
  const b = brand.public;
  const v: Values = { ...input.facts, title: b.title, to };
  const t = copy[template][language];
  const c = common[language];
  const subject = t.subject(v);
  const paragraphs = t.paragraphs.map((p) => p(v));
  const after = t.after.map((p) => p(v));
  const company = `${b.company_name} · ${b.company_address} · ${c.vat} ${b.vat}`;
  const footer = [c.fictional(v), c.why(v), company, `${c.support}${c.colon} ${b.email}`];
  // The withdrawal function (art. 11a), prominent: its own line, labelled as the law words it.
  const withdrawal = input.facts?.withdrawal;
  if (withdrawal !== undefined && !/^https?:\/\/\S+$/i.test(withdrawal))
    throw new Error("the withdrawal link must be an absolute http(s) URL");
  const withdrawIntro = withdrawal ? WITHDRAW_INTRO[language](Number(v.withdrawalDays)) : "";

  const text = [
    t.heading(v),
    "",
    c.greeting,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(withdrawal ? [withdrawIntro, `${WITHDRAW_LABEL[language]}${c.colon} ${withdrawal}`, ""] : []),
    `${t.button(v)}${c.colon} ${link}`,
    ...(after.length ? ["", ...after] : []),
    "",
    c.signoff(v),
    "",
    "--",
    ...footer,
    "",
  ].join("\n");

  const th = theme(brand);
  const e = escapeHtml;
  const href = e(link);
  // A contact message keeps its line breaks.
  const para = (s: string) => `<p style="margin:0 0 16px 0;">${e(s).replaceAll("\n", "<br>")}</p>`;
  const small = (s: string) => `<p style="margin:0 0 6px 0;">${e(s)}</p>`;
  const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${th.background};">
<div style="display:none;max-height:0;overflow:hidden;">${e(t.heading(v))}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${th.background};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:${th.surface};border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:${th.text};font-size:16px;line-height:24px;">
<tr><td style="background-color:${th.primary};color:${th.primaryText};padding:20px 28px;border-radius:8px 8px 0 0;font-size:22px;font-weight:bold;">${e(b.title)}</td></tr>
<tr><td style="padding:28px;">
<h1 style="margin:0 0 20px 0;font-size:22px;line-height:30px;color:${th.text};">${e(t.heading(v))}</h1>
${[c.greeting, ...paragraphs].map(para).join("\n")}
${
  withdrawal
    ? `<div style="margin:0 0 20px 0;padding:14px 16px;border:2px solid ${th.primary};border-radius:6px;">
<p style="margin:0 0 8px 0;">${e(withdrawIntro)}</p>
<p style="margin:0;font-size:18px;font-weight:bold;"><a href="${e(withdrawal)}" style="color:${th.primary};">${e(WITHDRAW_LABEL[language])}</a></p>
</div>`
    : ""
}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;"><tr>
<td style="background-color:${th.primary};border-radius:6px;"><a href="${href}" style="display:inline-block;padding:12px 24px;color:${th.primaryText};text-decoration:none;font-weight:bold;">${e(t.button(v))}</a></td>
</tr></table>
<p style="margin:0 0 4px 0;font-size:13px;line-height:20px;">${e(c.fallbackLink)}</p>
<p style="margin:0 0 20px 0;font-size:13px;line-height:20px;word-break:break-all;"><a href="${href}" style="color:${th.primary};">${href}</a></p>
${after.map(para).join("\n")}
<p style="margin:0;">${e(c.signoff(v))}</p>
</td></tr>
<tr><td style="padding:16px 28px 24px 28px;border-top:1px solid #e5e5e5;font-size:12px;line-height:18px;color:#666666;">
${footer.map(small).join("\n")}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}
