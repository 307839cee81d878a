// The plans page's texts in the four languages (each catalogue spreads its language in): a header per type,
// the plan rows, the terms, the age-verification variant, and the hook popups' way to the plans page.
const en = {
  // The plans page (/vip_plan/{type}): a header per type, the plan rows, the continue button.
  vip_header_cred: "Choose your credits",
  vip_header_blurred: "Read her hidden reply",
  vip_header_paginazione: "See every profile",
  vip_header_fine_crediti: "Keep the conversation going",
  vip_header_file_like: "Like without limits",
  vip_header_cambia_regione: "Meet women everywhere",
  vip_sottotitolo:
    "Pick a plan: its credits are yours at once, and with a plan each message costs {value} credits.",
  vip_crediti: "{count} credits",
  vip_crediti_promo: "+{count} bonus credits",
  vip_continua: "Continue",
  vip_caricamento: "Adding your credits…",
  vip_nessun_piano: "No plan is available right now. Please try again later.",
  vip_termini: "I accept the terms of service and the conditions of the plan.",
  errore_termini_piano: "Tick the box to accept the terms before you pay.",
  // The plans page's renewal line and its age-verification variant (spec section 1: charged 0.00 as
  // displayed; one text says a fee of up to 0.01 euro, the French one up to 0.10 euro: both readings shown).
  vip_rinnovo: "Renews every {days} days · cancel any time",
  vip_verifica_header: "Verify your age",
  vip_verifica_badge: "Adults only, 18 and over",
  vip_verifica_titolo: "Confirm that you are over 18",
  vip_verifica_testo:
    "To read her hidden messages, confirm your age with a card check. Nothing is charged: the amount is {amount}.",
  vip_verifica_commissione:
    "Your bank may show a verification fee of up to {low} (by another reading of the conditions, up to {high}), released automatically.",
  vip_verifica_no_abbonamento: "This is not a subscription: nothing renews and nothing more is charged.",
  vip_verifica_continua: "Verify with a card",
  // The hook popups' way to the plans page.
  hook_vai_ai_piani: "See the plans",
} as const;

type Texts = Record<keyof typeof en, string>;

const it: Texts = {
  vip_header_cred: "Scegli i tuoi crediti",
  vip_header_blurred: "Leggi la sua risposta nascosta",
  vip_header_paginazione: "Vedi tutti i profili",
  vip_header_fine_crediti: "Continua la conversazione",
  vip_header_file_like: "Mi piace senza limiti",
  vip_header_cambia_regione: "Conosci donne ovunque",
  vip_sottotitolo:
    "Scegli un piano: i suoi crediti sono subito tuoi e, con un piano, ogni messaggio costa {value} crediti.",
  vip_crediti: "{count} crediti",
  vip_crediti_promo: "+{count} crediti in omaggio",
  vip_continua: "Continua",
  vip_caricamento: "Aggiungiamo i crediti…",
  vip_nessun_piano: "Al momento non ci sono piani disponibili. Riprova più tardi.",
  vip_termini: "Accetto i termini del servizio e le condizioni del piano.",
  errore_termini_piano: "Spunta la casella per accettare i termini prima di pagare.",
  hook_vai_ai_piani: "Vedi i piani",
  vip_rinnovo: "Si rinnova ogni {days} giorni · disdici quando vuoi",
  vip_verifica_header: "Verifica la tua età",
  vip_verifica_badge: "Solo per maggiorenni, 18+",
  vip_verifica_titolo: "Conferma di avere più di 18 anni",
  vip_verifica_testo:
    "Per leggere i suoi messaggi nascosti conferma la tua età con una verifica della carta. Non ti addebitiamo nulla: l'importo è {amount}.",
  vip_verifica_commissione:
    "La tua banca può mostrare una commissione di verifica fino a {low} (secondo un'altra lettura delle condizioni, fino a {high}), annullata automaticamente.",
  vip_verifica_no_abbonamento: "Non è un abbonamento: nulla si rinnova e non ti addebitiamo altro.",
  vip_verifica_continua: "Verifica con la carta",
};

const es: Texts = {
  vip_header_cred: "Elige tus créditos",
  vip_header_blurred: "Lee su respuesta oculta",
  vip_header_paginazione: "Mira todos los perfiles",
  vip_header_fine_crediti: "Sigue con la conversación",
  vip_header_file_like: "Me gusta sin límites",
  vip_header_cambia_regione: "Conoce mujeres en todas partes",
  vip_sottotitolo:
    "Elige un plan: sus créditos son tuyos al instante y, con un plan, cada mensaje cuesta {value} créditos.",
  vip_crediti: "{count} créditos",
  vip_crediti_promo: "+{count} créditos de regalo",
  vip_continua: "Continuar",
  vip_caricamento: "Añadiendo tus créditos…",
  vip_nessun_piano: "Ahora mismo no hay ningún plan disponible. Inténtalo de nuevo más tarde.",
  vip_termini: "Acepto los términos del servicio y las condiciones del plan.",
  errore_termini_piano: "Marca la casilla para aceptar los términos antes de pagar.",
  hook_vai_ai_piani: "Ver los planes",
  vip_rinnovo: "Se renueva cada {days} días · cancela cuando quieras",
  vip_verifica_header: "Verifica tu edad",
  vip_verifica_badge: "Solo para mayores de 18 años",
  vip_verifica_titolo: "Confirma que tienes más de 18 años",
  vip_verifica_testo:
    "Para leer sus mensajes ocultos, confirma tu edad con una comprobación de la tarjeta. No se cobra nada: el importe es {amount}.",
  vip_verifica_commissione:
    "Tu banco puede mostrar una comisión de verificación de hasta {low} (según otra lectura de las condiciones, hasta {high}), que se anula automáticamente.",
  vip_verifica_no_abbonamento: "No es una suscripción: nada se renueva y no se cobra nada más.",
  vip_verifica_continua: "Verificar con tarjeta",
};

const fr: Texts = {
  vip_header_cred: "Choisissez vos crédits",
  vip_header_blurred: "Lisez sa réponse masquée",
  vip_header_paginazione: "Découvrez tous les profils",
  vip_header_fine_crediti: "Poursuivez la conversation",
  vip_header_file_like: "Des J'aime en illimité",
  vip_header_cambia_regione: "Rencontrez des femmes partout",
  vip_sottotitolo:
    "Choisissez une formule : ses crédits sont à vous immédiatement et, avec une formule, chaque message coûte {value} crédits.",
  vip_crediti: "{count} crédits",
  vip_crediti_promo: "+{count} crédits offerts",
  vip_continua: "Continuer",
  vip_caricamento: "Ajout de vos crédits…",
  vip_nessun_piano: "Aucune formule n'est disponible pour le moment. Réessayez plus tard.",
  vip_termini: "J'accepte les conditions d'utilisation du service et les conditions de la formule.",
  errore_termini_piano: "Cochez la case pour accepter les conditions avant de payer.",
  hook_vai_ai_piani: "Voir les formules",
  vip_rinnovo: "Se renouvelle tous les {days} jours · résiliable à tout moment",
  vip_verifica_header: "Vérifiez votre âge",
  vip_verifica_badge: "Réservé aux adultes, 18 ans et plus",
  vip_verifica_titolo: "Confirmez que vous avez plus de 18 ans",
  vip_verifica_testo:
    "Pour lire ses messages cachés, confirmez votre âge par une vérification de carte. Rien n'est débité : le montant est de {amount}.",
  vip_verifica_commissione:
    "Votre banque peut afficher des frais de vérification jusqu'à {high} (selon une autre lecture des conditions, jusqu'à {low}), annulés automatiquement.",
  vip_verifica_no_abbonamento:
    "Ce n'est pas un abonnement : rien ne se renouvelle et rien d'autre n'est débité.",
  vip_verifica_continua: "Vérifier avec une carte",
};

export const paymentPlanTexts = { en, it, es, fr };
