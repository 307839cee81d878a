import type { MessageKey, Translate } from "../../i18n/i18n";

/** What GET /api/billing says is kept: a card, or a wallet (PayPal with the payer's e-mail when told, Apple or Google Pay). */
export type KeptMethod =
  | { kind: "card"; brand: string; last4: string; expMonth: number; expYear: number }
  | { kind: "paypal" | "applepay" | "googlepay"; label: string | null };

/** Each wallet's name as the member knows it. */
export const walletNames = {
  paypal: "pm_metodo_paypal",
  applepay: "pm_metodo_applepay",
  googlepay: "pm_metodo_googlepay",
} as const satisfies Record<Exclude<KeptMethod["kind"], "card">, MessageKey>;

const twoDigits = (n: number) => String(n % 100).padStart(2, "0");

/** The billing section's line for what is kept: its term and its text ("VISA •••• 4242 · 03/30", "PayPal account · …"). */
export function keptMethodLine(kept: KeptMethod | null, t: Translate) {
  if (!kept) return { term: t("profilo_carta"), text: t("profilo_nessuna_carta") };
  if (kept.kind !== "card") {
    // A wallet has no digits or expiry: PayPal's account is named by the payer's e-mail, when known.
    const name = t(kept.kind === "paypal" ? "profilo_paypal" : walletNames[kept.kind]);
    return { term: t("profilo_metodo"), text: [name, kept.label].filter(Boolean).join(" · ") };
  }
  const { brand, last4, expMonth, expYear } = kept;
  return {
    term: t("profilo_carta"),
    text: `${brand.toUpperCase()} •••• ${last4} · ${twoDigits(expMonth)}/${twoDigits(expYear)}`,
  };
}
