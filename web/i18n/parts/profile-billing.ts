// The own profile's billing texts in the four languages (each catalogue spreads its language in): the plan,
// the receipts and the kept payment method. When what is kept is a wallet (PayPal, Apple Pay, Google Pay),
// no card to change: what renews with it and the way to a card instead.
const en = {
  profilo_piano: "Your plan",
  profilo_stato_free: "Free account",
  profilo_stato_paid: "Premium account",
  profilo_stato_subscribed: "{plan}: renews on {date} for {price}",
  profilo_stato_canceled: "{plan}: will not renew; your benefits last until {date}",
  profilo_prossimo_addebito: "Next billing date",
  profilo_nessun_addebito: "None",
  profilo_ricevute: "Receipts",
  profilo_nessuna_ricevuta: "No payments yet.",
  profilo_ricevuta_scarica: "Receipt",
  profilo_rimborsato: "Refunded",
  profilo_disiscrizione_disabilitata:
    "Your plan was a single payment: it does not renew and nothing more will be charged, so there is nothing to unsubscribe from.",
  // The kept payment method, and a wallet's renewal line.
  profilo_carta: "Card",
  profilo_metodo: "Payment method",
  profilo_paypal: "PayPal account",
  profilo_nessuna_carta: "None kept",
  profilo_cambia_carta: "Change card",
  profilo_aggiungi_carta: "Add a card",
  profilo_wallet_rinnovo: "Your plan renews with this {method} account.",
  profilo_wallet_a_carta: "Use a card instead of {method}",
} as const;

type Texts = Record<keyof typeof en, string>;

const it: Texts = {
  profilo_piano: "Il tuo piano",
  profilo_stato_free: "Account gratuito",
  profilo_stato_paid: "Account premium",
  profilo_stato_subscribed: "{plan}: si rinnova il {date} per {price}",
  profilo_stato_canceled: "{plan}: non si rinnoverà; i vantaggi durano fino al {date}",
  profilo_prossimo_addebito: "Prossimo addebito",
  profilo_nessun_addebito: "Nessuno",
  profilo_ricevute: "Ricevute",
  profilo_nessuna_ricevuta: "Nessun pagamento per ora.",
  profilo_ricevuta_scarica: "Ricevuta",
  profilo_rimborsato: "Rimborsato",
  profilo_disiscrizione_disabilitata:
    "Il tuo piano è stato un pagamento unico: non si rinnova e non ti addebiteremo altro, quindi non c'è nulla da cui disiscriversi.",
  profilo_carta: "Carta",
  profilo_metodo: "Metodo di pagamento",
  profilo_paypal: "Conto PayPal",
  profilo_nessuna_carta: "Nessuna salvata",
  profilo_cambia_carta: "Cambia carta",
  profilo_aggiungi_carta: "Aggiungi una carta",
  profilo_wallet_rinnovo: "Il tuo piano si rinnova con questo conto {method}.",
  profilo_wallet_a_carta: "Usa una carta al posto di {method}",
};

const es: Texts = {
  profilo_piano: "Tu plan",
  profilo_stato_free: "Cuenta gratuita",
  profilo_stato_paid: "Cuenta premium",
  profilo_stato_subscribed: "{plan}: se renueva el {date} por {price}",
  profilo_stato_canceled: "{plan}: no se renovará; tus ventajas duran hasta el {date}",
  profilo_prossimo_addebito: "Próximo cobro",
  profilo_nessun_addebito: "Ninguno",
  profilo_ricevute: "Recibos",
  profilo_nessuna_ricevuta: "Aún no hay pagos.",
  profilo_ricevuta_scarica: "Recibo",
  profilo_rimborsato: "Reembolsado",
  profilo_disiscrizione_disabilitata:
    "Tu plan fue un pago único: no se renueva y no se te cobrará nada más, así que no hay nada de lo que darse de baja.",
  profilo_carta: "Tarjeta",
  profilo_metodo: "Método de pago",
  profilo_paypal: "Cuenta PayPal",
  profilo_nessuna_carta: "Ninguna guardada",
  profilo_cambia_carta: "Cambiar tarjeta",
  profilo_aggiungi_carta: "Añadir una tarjeta",
  profilo_wallet_rinnovo: "Tu plan se renueva con esta cuenta {method}.",
  profilo_wallet_a_carta: "Usar una tarjeta en lugar de {method}",
};

const fr: Texts = {
  profilo_piano: "Votre formule",
  profilo_stato_free: "Compte gratuit",
  profilo_stato_paid: "Compte premium",
  profilo_stato_subscribed: "{plan} : se renouvelle le {date} pour {price}",
  profilo_stato_canceled: "{plan} : ne se renouvellera pas ; vos avantages durent jusqu'au {date}",
  profilo_prossimo_addebito: "Prochain prélèvement",
  profilo_nessun_addebito: "Aucun",
  profilo_ricevute: "Reçus",
  profilo_nessuna_ricevuta: "Aucun paiement pour l'instant.",
  profilo_ricevuta_scarica: "Reçu",
  profilo_rimborsato: "Remboursé",
  profilo_disiscrizione_disabilitata:
    "Votre formule a été payée une seule fois : elle ne se renouvelle pas et rien ne sera plus débité, il n'y a donc rien à résilier.",
  profilo_carta: "Carte",
  profilo_metodo: "Moyen de paiement",
  profilo_paypal: "Compte PayPal",
  profilo_nessuna_carta: "Aucune enregistrée",
  profilo_cambia_carta: "Changer de carte",
  profilo_aggiungi_carta: "Ajouter une carte",
  profilo_wallet_rinnovo: "Votre formule se renouvelle avec ce compte {method}.",
  profilo_wallet_a_carta: "Utiliser une carte à la place de {method}",
};

export const profileBillingTexts = { en, it, es, fr };
