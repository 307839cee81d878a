// The payment page's other methods in the four languages: the method picker, each method's button and notes
// (coda's disclaimer), the Apple Pay sheet's stand-in on local hosts, the checkout terms beside every pay
// button, and the age verification's own header; each catalogue spreads its language in.
const en = {
  // The method picker (/purchase/pay): the flow's sistemi_pagamento.
  pm_scegli_metodo: "Choose how to pay",
  pm_metodo_credit_card: "Card",
  pm_metodo_paypal: "PayPal",
  pm_metodo_applepay: "Apple Pay",
  pm_metodo_googlepay: "Google Pay",
  pm_metodo_mollie: "Mollie",
  pm_metodo_coda_paypal: "PayPal via Coda",
  pm_descrizione_paypal:
    "Pay with your PayPal account: you approve the payment on PayPal, then come back here.",
  pm_descrizione_applepay: "Pay with a card in your Apple Wallet, confirmed with Face ID or Touch ID.",
  pm_descrizione_googlepay: "Pay with a card saved in your Google account.",
  pm_descrizione_mollie:
    "Pay on Mollie's secure page (card, bank transfer and local methods), then come back here.",
  pm_descrizione_coda_paypal:
    "PayPal through our payment partner Coda Payments: you pay on Coda's page and come back here.",
  pm_disclaimer_coda:
    "Coda Payments collects this payment for us: your statement may show Coda's name, and Coda's terms apply to the payment.",
  pm_paga_con: "Pay {price} with {method}",
  pm_test_wallet: "Test mode: the sandbox's page stands in for {method}. Nothing is charged.",
  pm_test_apple: "Test mode: a window of this page stands in for the Apple Pay sheet. Nothing is charged.",
  pm_paypal_conferma: "Confirming your PayPal payment…",
  pm_reindirizzamento: "Taking you to the payment page…",
  // The Apple Pay sheet's stand-in on local hosts, where the browser has no Apple Pay.
  pm_apple_foglio_titolo: "Apple Pay (test)",
  pm_apple_foglio_testo: "Test mode: this window stands in for the Apple Pay sheet. Nothing is charged.",
  pm_apple_foglio_esercente: "Pay {merchant}",
  pm_apple_foglio_paga: "Pay {price}",
  pm_apple_foglio_annulla: "Cancel",
  // The checkout terms beside every pay button.
  pm_termini_oggi: "Today you pay {price}.",
  pm_termini_rinnovo: "The plan renews automatically every {days} days at {price} until you cancel it.",
  pm_termini_rinnovo_giorno: "The plan renews automatically every day at {price} until you cancel it.",
  pm_termini_una_tantum: "One payment: the plan does not renew and nothing else is charged.",
  pm_termini_disdetta:
    "Cancel in one click whenever you like: Profile → Unsubscribe. No need to contact anyone, and you keep what you paid for until the end of the period.",
  pm_termini_venditore: "Sold by {company}. The charge appears on your statement as {descriptor}.",
  // The age verification's header on the payment page (the verifica plan, zero amount).
  pm_eta_badge: "18+",
  pm_eta_titolo: "Verify your age",
  pm_eta_testo: "Only adults may use the service: confirm that you are over 18 with a card in your name.",
  pm_eta_addebito: "Charged: {zero}, as displayed.",
  pm_eta_letture:
    "Your bank may show a verification fee of up to {low}; by another reading of the conditions (the French text), up to {high}.",
  pm_eta_non_abbonamento: "This is not a subscription: nothing renews.",
  pm_eta_solo_carta: "The age verification is by card only.",
  pm_eta_bottone: "Verify my age",
} as const;

type Texts = Record<keyof typeof en, string>;

const it: Texts = {
  pm_scegli_metodo: "Scegli come pagare",
  pm_metodo_credit_card: "Carta",
  pm_metodo_paypal: "PayPal",
  pm_metodo_applepay: "Apple Pay",
  pm_metodo_googlepay: "Google Pay",
  pm_metodo_mollie: "Mollie",
  pm_metodo_coda_paypal: "PayPal tramite Coda",
  pm_descrizione_paypal: "Paga con il tuo conto PayPal: approvi il pagamento su PayPal e poi torni qui.",
  pm_descrizione_applepay: "Paga con una carta del tuo Wallet Apple, confermando con Face ID o Touch ID.",
  pm_descrizione_googlepay: "Paga con una carta salvata nel tuo account Google.",
  pm_descrizione_mollie:
    "Paga sulla pagina sicura di Mollie (carta, bonifico e metodi locali), poi torni qui.",
  pm_descrizione_coda_paypal:
    "PayPal tramite il nostro partner di pagamento Coda Payments: paghi sulla pagina di Coda e torni qui.",
  pm_disclaimer_coda:
    "Coda Payments incassa questo pagamento per nostro conto: nell'estratto conto può comparire il nome di Coda e al pagamento si applicano le condizioni di Coda.",
  pm_paga_con: "Paga {price} con {method}",
  pm_test_wallet:
    "Modalità di test: la pagina del fornitore di prova sostituisce {method}. Non viene addebitato nulla.",
  pm_test_apple:
    "Modalità di test: una finestra di questa pagina sostituisce il foglio di Apple Pay. Non viene addebitato nulla.",
  pm_paypal_conferma: "Confermiamo il tuo pagamento PayPal…",
  pm_reindirizzamento: "Ti portiamo alla pagina di pagamento…",
  pm_apple_foglio_titolo: "Apple Pay (test)",
  pm_apple_foglio_testo:
    "Modalità di test: questa finestra sostituisce il foglio di Apple Pay. Non viene addebitato nulla.",
  pm_apple_foglio_esercente: "Paga {merchant}",
  pm_apple_foglio_paga: "Paga {price}",
  pm_apple_foglio_annulla: "Annulla",
  pm_termini_oggi: "Oggi paghi {price}.",
  pm_termini_rinnovo:
    "Il piano si rinnova automaticamente ogni {days} giorni a {price} finché non lo disdici.",
  pm_termini_rinnovo_giorno:
    "Il piano si rinnova automaticamente ogni giorno a {price} finché non lo disdici.",
  pm_termini_una_tantum: "Un unico pagamento: il piano non si rinnova e non viene addebitato altro.",
  pm_termini_disdetta:
    "Disdici con un clic quando vuoi: Profilo → Disiscriviti. Non devi contattare nessuno e conservi quanto pagato fino alla fine del periodo.",
  pm_termini_venditore: "Venduto da {company}. L'addebito compare nel tuo estratto conto come {descriptor}.",
  pm_eta_badge: "18+",
  pm_eta_titolo: "Verifica la tua età",
  pm_eta_testo:
    "Il servizio è riservato ai maggiorenni: conferma di avere più di 18 anni con una carta a tuo nome.",
  pm_eta_addebito: "Addebito: {zero}, come indicato.",
  pm_eta_letture:
    "La tua banca può mostrare un costo di verifica fino a {low}; secondo un'altra lettura delle condizioni (il testo francese), fino a {high}.",
  pm_eta_non_abbonamento: "Non è un abbonamento: nulla si rinnova.",
  pm_eta_solo_carta: "La verifica dell'età si fa solo con la carta.",
  pm_eta_bottone: "Verifica la mia età",
};

const es: Texts = {
  pm_scegli_metodo: "Elige cómo pagar",
  pm_metodo_credit_card: "Tarjeta",
  pm_metodo_paypal: "PayPal",
  pm_metodo_applepay: "Apple Pay",
  pm_metodo_googlepay: "Google Pay",
  pm_metodo_mollie: "Mollie",
  pm_metodo_coda_paypal: "PayPal a través de Coda",
  pm_descrizione_paypal: "Paga con tu cuenta PayPal: apruebas el pago en PayPal y vuelves aquí.",
  pm_descrizione_applepay: "Paga con una tarjeta de tu Wallet de Apple, confirmando con Face ID o Touch ID.",
  pm_descrizione_googlepay: "Paga con una tarjeta guardada en tu cuenta de Google.",
  pm_descrizione_mollie:
    "Paga en la página segura de Mollie (tarjeta, transferencia y métodos locales) y vuelve aquí.",
  pm_descrizione_coda_paypal:
    "PayPal a través de nuestro socio de pagos Coda Payments: pagas en la página de Coda y vuelves aquí.",
  pm_disclaimer_coda:
    "Coda Payments cobra este pago por nosotros: en tu extracto puede aparecer el nombre de Coda y al pago se aplican las condiciones de Coda.",
  pm_paga_con: "Pagar {price} con {method}",
  pm_test_wallet: "Modo de prueba: la página del proveedor de prueba sustituye a {method}. No se cobra nada.",
  pm_test_apple:
    "Modo de prueba: una ventana de esta página sustituye a la hoja de Apple Pay. No se cobra nada.",
  pm_paypal_conferma: "Confirmando tu pago con PayPal…",
  pm_reindirizzamento: "Te llevamos a la página de pago…",
  pm_apple_foglio_titolo: "Apple Pay (prueba)",
  pm_apple_foglio_testo: "Modo de prueba: esta ventana sustituye a la hoja de Apple Pay. No se cobra nada.",
  pm_apple_foglio_esercente: "Pagar a {merchant}",
  pm_apple_foglio_paga: "Pagar {price}",
  pm_apple_foglio_annulla: "Cancelar",
  pm_termini_oggi: "Hoy pagas {price}.",
  pm_termini_rinnovo:
    "El plan se renueva automáticamente cada {days} días por {price} hasta que lo canceles.",
  pm_termini_rinnovo_giorno: "El plan se renueva automáticamente cada día por {price} hasta que lo canceles.",
  pm_termini_una_tantum: "Un único pago: el plan no se renueva y no se cobra nada más.",
  pm_termini_disdetta:
    "Cancela con un clic cuando quieras: Perfil → Darse de baja. No tienes que contactar con nadie y conservas lo pagado hasta el final del periodo.",
  pm_termini_venditore: "Vendido por {company}. El cargo aparece en tu extracto como {descriptor}.",
  pm_eta_badge: "18+",
  pm_eta_titolo: "Verifica tu edad",
  pm_eta_testo:
    "El servicio es solo para mayores de edad: confirma que tienes más de 18 años con una tarjeta a tu nombre.",
  pm_eta_addebito: "Cargo: {zero}, como se indica.",
  pm_eta_letture:
    "Tu banco puede mostrar un coste de verificación de hasta {low}; según otra lectura de las condiciones (el texto francés), de hasta {high}.",
  pm_eta_non_abbonamento: "No es una suscripción: no se renueva nada.",
  pm_eta_solo_carta: "La verificación de edad se hace solo con tarjeta.",
  pm_eta_bottone: "Verificar mi edad",
};

const fr: Texts = {
  pm_scegli_metodo: "Choisissez comment payer",
  pm_metodo_credit_card: "Carte",
  pm_metodo_paypal: "PayPal",
  pm_metodo_applepay: "Apple Pay",
  pm_metodo_googlepay: "Google Pay",
  pm_metodo_mollie: "Mollie",
  pm_metodo_coda_paypal: "PayPal via Coda",
  pm_descrizione_paypal:
    "Payez avec votre compte PayPal : vous approuvez le paiement sur PayPal, puis revenez ici.",
  pm_descrizione_applepay: "Payez avec une carte de votre Wallet Apple, confirmée par Face ID ou Touch ID.",
  pm_descrizione_googlepay: "Payez avec une carte enregistrée dans votre compte Google.",
  pm_descrizione_mollie:
    "Payez sur la page sécurisée de Mollie (carte, virement et moyens locaux), puis revenez ici.",
  pm_descrizione_coda_paypal:
    "PayPal via notre partenaire de paiement Coda Payments : vous payez sur la page de Coda et revenez ici.",
  pm_disclaimer_coda:
    "Coda Payments encaisse ce paiement pour notre compte : votre relevé peut afficher le nom de Coda, et les conditions de Coda s'appliquent au paiement.",
  pm_paga_con: "Payer {price} avec {method}",
  pm_test_wallet: "Mode test : la page du prestataire de test remplace {method}. Aucun montant n'est débité.",
  pm_test_apple:
    "Mode test : une fenêtre de cette page remplace la feuille Apple Pay. Aucun montant n'est débité.",
  pm_paypal_conferma: "Confirmation de votre paiement PayPal…",
  pm_reindirizzamento: "Nous vous conduisons à la page de paiement…",
  pm_apple_foglio_titolo: "Apple Pay (test)",
  pm_apple_foglio_testo:
    "Mode test : cette fenêtre remplace la feuille Apple Pay. Aucun montant n'est débité.",
  pm_apple_foglio_esercente: "Payer {merchant}",
  pm_apple_foglio_paga: "Payer {price}",
  pm_apple_foglio_annulla: "Annuler",
  pm_termini_oggi: "Aujourd'hui, vous payez {price}.",
  pm_termini_rinnovo:
    "La formule se renouvelle automatiquement tous les {days} jours au prix de {price} jusqu'à ce que vous la résiliiez.",
  pm_termini_rinnovo_giorno:
    "La formule se renouvelle automatiquement chaque jour au prix de {price} jusqu'à ce que vous la résiliiez.",
  pm_termini_una_tantum: "Un paiement unique : la formule ne se renouvelle pas et rien d'autre n'est débité.",
  pm_termini_disdetta:
    "Résiliez en un clic quand vous voulez : Profil → Se désabonner. Inutile de contacter qui que ce soit, et vous gardez ce que vous avez payé jusqu'à la fin de la période.",
  pm_termini_venditore: "Vendu par {company}. Le débit apparaît sur votre relevé sous le nom {descriptor}.",
  pm_eta_badge: "18+",
  pm_eta_titolo: "Vérifiez votre âge",
  pm_eta_testo:
    "Le service est réservé aux adultes : confirmez que vous avez plus de 18 ans avec une carte à votre nom.",
  pm_eta_addebito: "Montant débité : {zero}, comme affiché.",
  pm_eta_letture:
    "Votre banque peut afficher des frais de vérification jusqu'à {low} ; selon une autre lecture des conditions (le texte français), jusqu'à {high}.",
  pm_eta_non_abbonamento: "Ce n'est pas un abonnement : rien ne se renouvelle.",
  pm_eta_solo_carta: "La vérification de l'âge se fait uniquement par carte.",
  pm_eta_bottone: "Vérifier mon âge",
};

export const paymentMethodTexts = { en, it, es, fr };
