// The card forms' texts in the four languages (each catalogue spreads its language in): the payment page
// (/purchase/pay) with its card form, and keeping a new card (/purchase/card).
const en = {
  // The payment page (/purchase/pay): the plan, the guarantee, the card form.
  pay_piano: "Your plan",
  pay_garanzia_titolo: "Money-back guarantee",
  pay_garanzia: "If something is not right, write to customer care within 14 days and we refund you.",
  pay_metodo_carta: "Credit or debit card",
  pay_numero: "Card number",
  pay_scadenza: "Expiry (MM/YY)",
  pay_cvv: "CVV",
  pay_nome: "First name",
  pay_cognome: "Last name",
  pay_paga: "Pay {price}",
  pay_test: "Test mode: a sandbox card is filled in. Nothing is charged.",
  pay_3ds: "Your bank is checking the payment…",
  pay_in_corso: "Payment in progress…",
  errore_carta_numero: "Check the card number.",
  errore_carta_scadenza: "Check the expiry date (MM/YY).",
  errore_carta_cvv: "The CVV is the 3 digits on the back of the card.",
  errore_carta_nome: "Enter the first name on the card.",
  errore_carta_cognome: "Enter the last name on the card.",
  // /purchase/card: keeping a new card (orders/createToken).
  carta_titolo: "Your card",
  carta_testo:
    "The card you give here is checked with an amount of {amount} and kept by our payment provider: one-tap payments and your plan's renewals use it.",
  carta_nessun_addebito: "Nothing is charged now: the check is {amount}.",
  carta_salva: "Save the card",
  carta_salvata: "Your card is saved: your plan renews on it from now on.",
  carta_torna_al_profilo: "Back to your profile",
} as const;

type Texts = Record<keyof typeof en, string>;

const it: Texts = {
  pay_piano: "Il tuo piano",
  pay_garanzia_titolo: "Garanzia soddisfatti o rimborsati",
  pay_garanzia: "Se qualcosa non va, scrivi all'assistenza clienti entro 14 giorni e ti rimborsiamo.",
  pay_metodo_carta: "Carta di credito o di debito",
  pay_numero: "Numero della carta",
  pay_scadenza: "Scadenza (MM/AA)",
  pay_cvv: "CVV",
  pay_nome: "Nome",
  pay_cognome: "Cognome",
  pay_paga: "Paga {price}",
  pay_test: "Modalità di test: è già inserita una carta sandbox. Non viene addebitato nulla.",
  pay_3ds: "La tua banca sta verificando il pagamento…",
  pay_in_corso: "Pagamento in corso…",
  errore_carta_numero: "Controlla il numero della carta.",
  errore_carta_scadenza: "Controlla la data di scadenza (MM/AA).",
  errore_carta_cvv: "Il CVV è il codice di 3 cifre sul retro della carta.",
  errore_carta_nome: "Inserisci il nome riportato sulla carta.",
  errore_carta_cognome: "Inserisci il cognome riportato sulla carta.",
  carta_titolo: "La tua carta",
  carta_testo:
    "La carta che inserisci qui viene verificata con un importo di {amount} e conservata dal nostro fornitore di pagamenti: la usano i pagamenti con un tocco e i rinnovi del tuo piano.",
  carta_nessun_addebito: "Non ti addebitiamo nulla ora: la verifica è di {amount}.",
  carta_salva: "Salva la carta",
  carta_salvata: "La tua carta è salvata: il tuo piano si rinnova su questa carta da ora in poi.",
  carta_torna_al_profilo: "Torna al profilo",
};

const es: Texts = {
  pay_piano: "Tu plan",
  pay_garanzia_titolo: "Garantía de devolución del dinero",
  pay_garanzia:
    "Si algo no va bien, escribe a atención al cliente en un plazo de 14 días y te devolvemos el dinero.",
  pay_metodo_carta: "Tarjeta de crédito o débito",
  pay_numero: "Número de tarjeta",
  pay_scadenza: "Caducidad (MM/AA)",
  pay_cvv: "CVV",
  pay_nome: "Nombre",
  pay_cognome: "Apellidos",
  pay_paga: "Pagar {price}",
  pay_test: "Modo de prueba: se ha rellenado una tarjeta sandbox. No se cobra nada.",
  pay_3ds: "Tu banco está verificando el pago…",
  pay_in_corso: "Pago en curso…",
  errore_carta_numero: "Revisa el número de la tarjeta.",
  errore_carta_scadenza: "Revisa la fecha de caducidad (MM/AA).",
  errore_carta_cvv: "El CVV son los 3 dígitos del reverso de la tarjeta.",
  errore_carta_nome: "Introduce el nombre que figura en la tarjeta.",
  errore_carta_cognome: "Introduce los apellidos que figuran en la tarjeta.",
  carta_titolo: "Tu tarjeta",
  carta_testo:
    "La tarjeta que introduzcas aquí se comprueba con un importe de {amount} y la guarda nuestro proveedor de pagos: la usan los pagos con un toque y las renovaciones de tu plan.",
  carta_nessun_addebito: "No se cobra nada ahora: la comprobación es de {amount}.",
  carta_salva: "Guardar la tarjeta",
  carta_salvata: "Tu tarjeta está guardada: tu plan se renueva con ella a partir de ahora.",
  carta_torna_al_profilo: "Volver a tu perfil",
};

const fr: Texts = {
  pay_piano: "Votre formule",
  pay_garanzia_titolo: "Satisfait ou remboursé",
  pay_garanzia:
    "Si quelque chose ne va pas, écrivez au service client sous 14 jours et nous vous remboursons.",
  pay_metodo_carta: "Carte de crédit ou de débit",
  pay_numero: "Numéro de carte",
  pay_scadenza: "Date d'expiration (MM/AA)",
  pay_cvv: "CVV",
  pay_nome: "Prénom",
  pay_cognome: "Nom",
  pay_paga: "Payer {price}",
  pay_test: "Mode test : une carte sandbox est préremplie. Aucun montant n'est débité.",
  pay_3ds: "Votre banque vérifie le paiement…",
  pay_in_corso: "Paiement en cours…",
  errore_carta_numero: "Vérifiez le numéro de carte.",
  errore_carta_scadenza: "Vérifiez la date d'expiration (MM/AA).",
  errore_carta_cvv: "Le CVV correspond aux 3 chiffres au dos de la carte.",
  errore_carta_nome: "Saisissez le prénom figurant sur la carte.",
  errore_carta_cognome: "Saisissez le nom figurant sur la carte.",
  carta_titolo: "Votre carte",
  carta_testo:
    "La carte saisie ici est vérifiée avec un montant de {amount} et conservée par notre prestataire de paiement : les paiements en un geste et les renouvellements de votre formule l'utilisent.",
  carta_nessun_addebito: "Rien n'est débité maintenant : la vérification est de {amount}.",
  carta_salva: "Enregistrer la carte",
  carta_salvata: "Votre carte est enregistrée : votre formule se renouvelle sur cette carte désormais.",
  carta_torna_al_profilo: "Retour à votre profil",
};

export const paymentCardTexts = { en, it, es, fr };
