// The operator console's refund texts in the four languages (each catalogue spreads its language in): the
// answer to a refund that the payment's provider takes only in its own portal, and its dialog's title then.
const en = {
  ops_refund_in_portal_title: "Refund in {provider}'s portal",
  ops_error_refund_in_portal:
    "{provider} has no refund API: refund this payment in {provider}'s own portal. Nothing was changed here: the member keeps the credits and the plan.",
};

type Texts = Record<keyof typeof en, string>;

const it: Texts = {
  ops_refund_in_portal_title: "Rimborso nel portale di {provider}",
  ops_error_refund_in_portal:
    "{provider} non offre rimborsi via API: rimborsa questo pagamento nel portale di {provider}. Qui non è cambiato nulla: l'utente mantiene i crediti e il piano.",
};

const es: Texts = {
  ops_refund_in_portal_title: "Reembolso en el portal de {provider}",
  ops_error_refund_in_portal:
    "{provider} no ofrece reembolsos por API: reembolsa este pago en el portal de {provider}. Aquí no ha cambiado nada: el usuario conserva los créditos y el plan.",
};

const fr: Texts = {
  ops_refund_in_portal_title: "Remboursement dans le portail de {provider}",
  ops_error_refund_in_portal:
    "{provider} ne propose pas de remboursement par API : remboursez ce paiement dans le portail de {provider}. Rien n'a changé ici : le membre garde ses crédits et sa formule.",
};

export const opsRefundTexts = { en, it, es, fr };
