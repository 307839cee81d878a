// What the purchase mail and the withdrawal's acknowledgement say of the refund, in each language.
import type { Locale } from "../contracts/locales";

/** What the purchase mail says of immediate performance, as the checkout recorded it (or did not). */
export const PERFORMANCE_TEXT: Record<Locale, Record<"credits" | "subscription" | "none", string>> = {
  it: {
    credits:
      "Al pagamento hai chiesto che il servizio iniziasse subito e hai riconosciuto di perdere il diritto di recesso per i crediti che usi: se recedi ti rimborsiamo i crediti non usati.",
    subscription:
      "Al pagamento hai chiesto che il servizio iniziasse subito: se recedi ti rimborsiamo il prezzo dei giorni non usati del periodo.",
    none: "Se recedi entro il termine ti rimborsiamo l’intero prezzo.",
  },
  en: {
    credits:
      "When paying you asked for the service to start at once and acknowledged that you lose the right of withdrawal for the credits you use: if you withdraw, we refund the credits you have not used.",
    subscription:
      "When paying you asked for the service to start at once: if you withdraw, we refund the price of the days of the period you have not used.",
    none: "If you withdraw in time, we refund the whole price.",
  },
  es: {
    credits:
      "Al pagar pediste que el servicio empezara de inmediato y reconociste que pierdes el derecho de desistimiento por los créditos que uses: si desistes, te reembolsamos los créditos no usados.",
    subscription:
      "Al pagar pediste que el servicio empezara de inmediato: si desistes, te reembolsamos el precio de los días del periodo que no hayas usado.",
    none: "Si desistes a tiempo, te reembolsamos el precio completo.",
  },
  fr: {
    credits:
      "Au paiement, vous avez demandé que le service commence tout de suite et reconnu perdre votre droit de rétractation pour les crédits utilisés\u00a0: si vous vous rétractez, nous remboursons les crédits non utilisés.",
    subscription:
      "Au paiement, vous avez demandé que le service commence tout de suite\u00a0: si vous vous rétractez, nous remboursons le prix des jours non utilisés de la période.",
    none: "Si vous vous rétractez dans le délai, nous remboursons le prix entier.",
  },
};

/** How a withdrawal's refund was reckoned, for its acknowledgement. */
export const REFUND_REASONING: Record<
  Locale,
  (r: { kind: "subscription" | "credits"; used: number; bought: number; consent: boolean }) => string
> = {
  it: (r) =>
    !r.consent
      ? "Ti rimborsiamo l’intero prezzo."
      : r.kind === "subscription"
        ? `Hai usato ${r.used} giorni su ${r.bought}: ti rimborsiamo gli altri.`
        : `Hai usato ${r.used} crediti su ${r.bought}: ti rimborsiamo quelli non usati, che togliamo dal tuo account.`,
  en: (r) =>
    !r.consent
      ? "We refund the whole price."
      : r.kind === "subscription"
        ? `You used ${r.used} of ${r.bought} days: we refund the rest.`
        : `You used ${r.used} of ${r.bought} credits: we refund the unused ones, which we take off your account.`,
  es: (r) =>
    !r.consent
      ? "Te reembolsamos el precio completo."
      : r.kind === "subscription"
        ? `Has usado ${r.used} de ${r.bought} días: te reembolsamos el resto.`
        : `Has usado ${r.used} de ${r.bought} créditos: te reembolsamos los no usados, que retiramos de tu cuenta.`,
  fr: (r) =>
    !r.consent
      ? "Nous remboursons le prix entier."
      : r.kind === "subscription"
        ? `Vous avez utilisé ${r.used} jours sur ${r.bought}\u00a0: nous remboursons le reste.`
        : `Vous avez utilisé ${r.used} crédits sur ${r.bought}\u00a0: nous remboursons ceux non utilisés, retirés de votre compte.`,
};
