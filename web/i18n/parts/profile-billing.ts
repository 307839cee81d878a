// The own profile's billing texts in the four languages; each catalogue spreads its language in. When what
// is kept is a wallet (PayPal, Apple Pay, Google Pay), no card to change: what renews with it and the way to
// a card instead.
const en = {
  profilo_wallet_rinnovo: "Your plan renews with this {method} account.",
  profilo_wallet_a_carta: "Use a card instead of {method}",
};

type Texts = Record<keyof typeof en, string>;

const it: Texts = {
  profilo_wallet_rinnovo: "Il tuo piano si rinnova con questo conto {method}.",
  profilo_wallet_a_carta: "Usa una carta al posto di {method}",
};

const es: Texts = {
  profilo_wallet_rinnovo: "Tu plan se renueva con esta cuenta {method}.",
  profilo_wallet_a_carta: "Usar una tarjeta en lugar de {method}",
};

const fr: Texts = {
  profilo_wallet_rinnovo: "Votre formule se renouvelle avec ce compte {method}.",
  profilo_wallet_a_carta: "Utiliser une carte à la place de {method}",
};

export const profileBillingTexts = { en, it, es, fr };
