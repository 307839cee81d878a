// The operator console's refund texts in the four languages (each catalogue spreads its language in): the
// refund dialog, the provider's refusals, and the answer to a refund that the payment's provider takes only
// in its own portal, with its dialog's title then.
const en = {
  ops_refund_title: "Refund {amount}?",
  ops_refund_body:
    "{amount} goes back to the member's {method}. The credits this payment gave are taken back (never below zero), the premium level goes down to what the member still has paid for (another pack or a running plan keeps it), and the member gets an e-mail.",
  ops_refund_reason: "Reason (kept with the refund and in the audit log)",
  ops_refund_reason_required: "Write why this payment is refunded (at least 3 characters).",
  ops_refund_confirm: "Refund {amount}",
  ops_refund_cancel: "Cancel",
  ops_refund_done:
    "Refunded {amount}: {credits} credits taken back, premium level now {level}. The member has been told.",
  ops_error_already_refunded: "This payment was already refunded.",
  ops_error_not_refundable: "Only a payment that succeeded can be refunded.",
  ops_error_refund_refused: "The payment provider refused the refund ({code}): nothing was changed.",
  ops_error_no_payment: "No such payment.",
  ops_refund_in_portal_title: "Refund in {provider}'s portal",
  ops_error_refund_in_portal:
    "{provider} has no refund API: refund this payment in {provider}'s own portal. Nothing was changed here: the member keeps the credits and the plan.",
} as const;

type Texts = Record<keyof typeof en, string>;

const it: Texts = {
  ops_refund_title: "Rimborsare {amount}?",
  ops_refund_body:
    "{amount} torna all'iscritto su {method}. I crediti dati da questo pagamento vengono tolti (mai sotto zero), il livello premium scende a quanto l'iscritto ha ancora pagato (un altro pacchetto o un piano attivo lo mantiene) e l'iscritto riceve un'e-mail.",
  ops_refund_reason: "Motivo (resta con il rimborso e nel registro attività)",
  ops_refund_reason_required: "Scrivi perché rimborsi questo pagamento (almeno 3 caratteri).",
  ops_refund_confirm: "Rimborsa {amount}",
  ops_refund_cancel: "Annulla",
  ops_refund_done:
    "Rimborsati {amount}: tolti {credits} crediti, livello premium ora {level}. L'iscritto è stato avvisato.",
  ops_error_already_refunded: "Questo pagamento è già stato rimborsato.",
  ops_error_not_refundable: "Si può rimborsare solo un pagamento riuscito.",
  ops_error_refund_refused:
    "Il provider di pagamento ha rifiutato il rimborso ({code}): non è cambiato nulla.",
  ops_error_no_payment: "Pagamento inesistente.",
  ops_refund_in_portal_title: "Rimborso nel portale di {provider}",
  ops_error_refund_in_portal:
    "{provider} non offre rimborsi via API: rimborsa questo pagamento nel portale di {provider}. Qui non è cambiato nulla: l'utente mantiene i crediti e il piano.",
};

const es: Texts = {
  ops_refund_title: "¿Reembolsar {amount}?",
  ops_refund_body:
    "{amount} vuelve al miembro en {method}. Se retiran los créditos que dio este pago (nunca por debajo de cero), el nivel premium baja a lo que el miembro aún tiene pagado (otro paquete o un plan activo lo mantiene) y el miembro recibe un correo.",
  ops_refund_reason: "Motivo (se guarda con el reembolso y en el registro de actividad)",
  ops_refund_reason_required: "Escribe por qué reembolsas este pago (al menos 3 caracteres).",
  ops_refund_confirm: "Reembolsar {amount}",
  ops_refund_cancel: "Cancelar",
  ops_refund_done:
    "Reembolsados {amount}: retirados {credits} créditos, nivel premium ahora {level}. Se ha avisado al miembro.",
  ops_error_already_refunded: "Este pago ya se ha reembolsado.",
  ops_error_not_refundable: "Solo se puede reembolsar un pago realizado.",
  ops_error_refund_refused: "El proveedor de pagos ha rechazado el reembolso ({code}): no ha cambiado nada.",
  ops_error_no_payment: "Este pago no existe.",
  ops_refund_in_portal_title: "Reembolso en el portal de {provider}",
  ops_error_refund_in_portal:
    "{provider} no ofrece reembolsos por API: reembolsa este pago en el portal de {provider}. Aquí no ha cambiado nada: el usuario conserva los créditos y el plan.",
};

const fr: Texts = {
  ops_refund_title: "Rembourser {amount} ?",
  ops_refund_body:
    "{amount} revient au membre sur {method}. Les crédits donnés par ce paiement sont retirés (jamais en dessous de zéro), le niveau premium redescend à ce que le membre a encore payé (un autre pack ou une formule active le garde), et le membre reçoit un e-mail.",
  ops_refund_reason: "Motif (conservé avec le remboursement et dans le journal d'activité)",
  ops_refund_reason_required: "Indiquez pourquoi ce paiement est remboursé (au moins 3 caractères).",
  ops_refund_confirm: "Rembourser {amount}",
  ops_refund_cancel: "Annuler",
  ops_refund_done:
    "{amount} remboursés : {credits} crédits retirés, niveau premium désormais {level}. Le membre a été prévenu.",
  ops_error_already_refunded: "Ce paiement a déjà été remboursé.",
  ops_error_not_refundable: "Seul un paiement réussi peut être remboursé.",
  ops_error_refund_refused:
    "Le prestataire de paiement a refusé le remboursement ({code}) : rien n'a changé.",
  ops_error_no_payment: "Ce paiement n'existe pas.",
  ops_refund_in_portal_title: "Remboursement dans le portail de {provider}",
  ops_error_refund_in_portal:
    "{provider} ne propose pas de remboursement par API : remboursez ce paiement dans le portail de {provider}. Rien n'a changé ici : le membre garde ses crédits et sa formule.",
};

export const opsRefundTexts = { en, it, es, fr };
