// The paywall in the four languages: the composer's balance and price of a message with its warnings, each
// plan's value per message and its reduction's reference price, the payment pages' back arrows and retry, the
// hook popups that were missing (attiva_lettura, utente_premium, utente_premium_compliant, iframe); each
// catalogue spreads its language in.
const en = {
  composer_saldo: "Credits left: {credits}",
  composer_saldo_icebreaker: "Credits left: {credits} · first messages: {icebreakers}",
  composer_prezzo_gratis: "This message: free",
  composer_prezzo_icebreaker: "This message: 1 first message",
  composer_prezzo_uno: "This message: 1 credit",
  composer_prezzo: "This message: {cost} credits",
  composer_prezzo_nessuno: "This message: no credits left",
  composer_ultimo_gratis: "This is your last free message to {name}: after it, a plan lets you keep writing.",
  composer_ultimo_pagato: "This is the last message your credits pay for.",
  composer_esauriti: "Your credits are used up: this message will wait while you choose a plan.",
  composer_vedi_piani: "See the plans",
  vip_valore_messaggio: "{messages} messages · {price} per message",
  vip_prezzo_riferimento: "Lowest price in the 30 days before the reduction: {price}",
  back_piani: "Back to the plans",
  back_profilo: "Back to your profile",
  back_indietro: "Back",
  pay_riprova_metodi: "Your plan is kept: try another card, or choose another way to pay.",
  pay_riprova_carta: "Your plan is kept: try another card.",
  hook_file_like_header: "Out of likes",
  hook_attiva_lettura_titolo: "Read her replies for free",
  hook_attiva_lettura_testo:
    "Verify your mobile number (a code by SMS, nothing to pay) and her replies are readable. With a plan, none is ever hidden.",
  hook_utente_premium_header: "VIP member",
  hook_utente_premium_testo:
    "Your plan's credits are used up. Top up to keep writing: your message is kept and goes out as soon as you do.",
  hook_utente_premium_compliant_testo:
    "Your plan's credits are used up. Our plans are single payments that never renew: buy credits to keep writing, and your message goes out as soon as you do.",
  vip_leggi_termini: "Read the terms",
  vip_termini_titolo: "Terms of service",
};

type Texts = Record<keyof typeof en, string>;

const it: Texts = {
  composer_saldo: "Crediti rimasti: {credits}",
  composer_saldo_icebreaker: "Crediti rimasti: {credits} · primi messaggi: {icebreakers}",
  composer_prezzo_gratis: "Questo messaggio: gratis",
  composer_prezzo_icebreaker: "Questo messaggio: 1 primo messaggio",
  composer_prezzo_uno: "Questo messaggio: 1 credito",
  composer_prezzo: "Questo messaggio: {cost} crediti",
  composer_prezzo_nessuno: "Questo messaggio: crediti finiti",
  composer_ultimo_gratis:
    "Questo è il tuo ultimo messaggio gratuito a {name}: dopo, con un piano puoi continuare a scrivere.",
  composer_ultimo_pagato: "Questo è l'ultimo messaggio pagato dai tuoi crediti.",
  composer_esauriti: "Hai finito i crediti: questo messaggio resta in attesa mentre scegli un piano.",
  composer_vedi_piani: "Vedi i piani",
  vip_valore_messaggio: "{messages} messaggi · {price} a messaggio",
  vip_prezzo_riferimento: "Prezzo più basso dei 30 giorni prima della riduzione: {price}",
  back_piani: "Torna ai piani",
  back_profilo: "Torna al profilo",
  back_indietro: "Indietro",
  pay_riprova_metodi:
    "Il tuo piano resta scelto: prova un'altra carta o scegli un altro metodo di pagamento.",
  pay_riprova_carta: "Il tuo piano resta scelto: prova un'altra carta.",
  hook_file_like_header: "Mi piace esauriti",
  hook_attiva_lettura_titolo: "Leggi le sue risposte gratis",
  hook_attiva_lettura_testo:
    "Verifica il tuo numero di cellulare (un codice via SMS, nulla da pagare) e le sue risposte diventano leggibili. Con un piano nessuna è mai nascosta.",
  hook_utente_premium_header: "Utente VIP",
  hook_utente_premium_testo:
    "I crediti del tuo piano sono finiti. Ricarica per continuare a scrivere: il tuo messaggio è salvato e parte appena lo fai.",
  hook_utente_premium_compliant_testo:
    "I crediti del tuo piano sono finiti. I nostri piani sono pagamenti unici che non si rinnovano mai: acquista crediti per continuare a scrivere, e il tuo messaggio parte appena lo fai.",
  vip_leggi_termini: "Leggi i termini",
  vip_termini_titolo: "Termini del servizio",
};

const es: Texts = {
  composer_saldo: "Créditos restantes: {credits}",
  composer_saldo_icebreaker: "Créditos restantes: {credits} · primeros mensajes: {icebreakers}",
  composer_prezzo_gratis: "Este mensaje: gratis",
  composer_prezzo_icebreaker: "Este mensaje: 1 primer mensaje",
  composer_prezzo_uno: "Este mensaje: 1 crédito",
  composer_prezzo: "Este mensaje: {cost} créditos",
  composer_prezzo_nessuno: "Este mensaje: sin créditos",
  composer_ultimo_gratis:
    "Este es tu último mensaje gratis a {name}: después, con un plan puedes seguir escribiendo.",
  composer_ultimo_pagato: "Este es el último mensaje que pagan tus créditos.",
  composer_esauriti: "Se te han acabado los créditos: este mensaje espera mientras eliges un plan.",
  composer_vedi_piani: "Ver los planes",
  vip_valore_messaggio: "{messages} mensajes · {price} por mensaje",
  vip_prezzo_riferimento: "Precio más bajo de los 30 días anteriores a la rebaja: {price}",
  back_piani: "Volver a los planes",
  back_profilo: "Volver a tu perfil",
  back_indietro: "Atrás",
  pay_riprova_metodi: "Tu plan sigue elegido: prueba otra tarjeta o elige otra forma de pago.",
  pay_riprova_carta: "Tu plan sigue elegido: prueba otra tarjeta.",
  hook_file_like_header: "Sin me gusta",
  hook_attiva_lettura_titolo: "Lee sus respuestas gratis",
  hook_attiva_lettura_testo:
    "Verifica tu número de móvil (un código por SMS, sin pagar nada) y sus respuestas se pueden leer. Con un plan ninguna está oculta.",
  hook_utente_premium_header: "Usuario VIP",
  hook_utente_premium_testo:
    "Los créditos de tu plan se han acabado. Recarga para seguir escribiendo: tu mensaje está guardado y sale en cuanto lo hagas.",
  hook_utente_premium_compliant_testo:
    "Los créditos de tu plan se han acabado. Nuestros planes son pagos únicos que nunca se renuevan: compra créditos para seguir escribiendo, y tu mensaje sale en cuanto lo hagas.",
  vip_leggi_termini: "Leer los términos",
  vip_termini_titolo: "Términos del servicio",
};

const fr: Texts = {
  composer_saldo: "Crédits restants\u00a0: {credits}",
  composer_saldo_icebreaker: "Crédits restants\u00a0: {credits} · premiers messages\u00a0: {icebreakers}",
  composer_prezzo_gratis: "Ce message\u00a0: gratuit",
  composer_prezzo_icebreaker: "Ce message\u00a0: 1 premier message",
  composer_prezzo_uno: "Ce message\u00a0: 1 crédit",
  composer_prezzo: "Ce message\u00a0: {cost} crédits",
  composer_prezzo_nessuno: "Ce message\u00a0: plus de crédits",
  composer_ultimo_gratis:
    "C'est votre dernier message gratuit à {name}\u00a0: ensuite, une formule vous permet de continuer à écrire.",
  composer_ultimo_pagato: "C'est le dernier message que vos crédits paient.",
  composer_esauriti:
    "Vos crédits sont épuisés\u00a0: ce message attend pendant que vous choisissez une formule.",
  composer_vedi_piani: "Voir les formules",
  vip_valore_messaggio: "{messages} messages · {price} par message",
  vip_prezzo_riferimento: "Prix le plus bas des 30 jours précédant la réduction\u00a0: {price}",
  back_piani: "Retour aux formules",
  back_profilo: "Retour à votre profil",
  back_indietro: "Retour",
  pay_riprova_metodi:
    "Votre formule reste choisie\u00a0: essayez une autre carte ou un autre moyen de paiement.",
  pay_riprova_carta: "Votre formule reste choisie\u00a0: essayez une autre carte.",
  hook_file_like_header: "Plus de j'aime",
  hook_attiva_lettura_titolo: "Lisez ses réponses gratuitement",
  hook_attiva_lettura_testo:
    "Vérifiez votre numéro de mobile (un code par SMS, rien à payer) et ses réponses deviennent lisibles. Avec une formule, aucune n'est jamais masquée.",
  hook_utente_premium_header: "Membre VIP",
  hook_utente_premium_testo:
    "Les crédits de votre formule sont épuisés. Rechargez pour continuer à écrire\u00a0: votre message est gardé et part dès que vous le faites.",
  hook_utente_premium_compliant_testo:
    "Les crédits de votre formule sont épuisés. Nos formules sont des paiements uniques qui ne se renouvellent jamais\u00a0: achetez des crédits pour continuer à écrire, et votre message part dès que vous le faites.",
  vip_leggi_termini: "Lire les conditions",
  vip_termini_titolo: "Conditions du service",
};

export const paywallTexts = { en, it, es, fr };
