import type { Translate } from "../../i18n/i18n";

/** What GET /api/billing says is kept: a card, or a PayPal wallet (with the payer's e-mail when PayPal told it). */
export type KeptMethod =
  | { kind: "card"; brand: string; last4: string; expMonth: number; expYear: number }
  | { kind: "paypal"; label: string | null };

const twoDigits = (n: number) => String(n % 100).padStart(2, "0");

/** The billing section's line for what is kept: its term and its text ("VISA •••• 4242 · 03/30", "PayPal account · …"). */
export function keptMethodLine(kept: KeptMethod | null, t: Translate) {
  if (!kept) return { term: t("profilo_carta"), text: t("profilo_nessuna_carta") };
  if (kept.kind === "paypal") {
    // A wallet has no digits or expiry: the account is named by the payer's e-mail, when known.
    return { term: t("profilo_metodo"), text: [t("profilo_paypal"), kept.label].filter(Boolean).join(" · ") };
  }
  const { brand, last4, expMonth, expYear } = kept;
  return {
    term: t("profilo_carta"),
    text: `${brand.toUpperCase()} •••• ${last4} · ${twoDigits(expMonth)}/${twoDigits(expYear)}`,
  };
}
