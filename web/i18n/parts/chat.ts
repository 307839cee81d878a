// The single chat screen's rule texts in the four languages; each catalogue spreads its language in.
const en = {
  chat_invite_hint: "Your first message is an invite: you can chat as soon as {name} accepts it.",
  hook_blurred_verifica: "Verify my phone",
  chat_held: "Not sent yet",
  chat_angel_phone: "Phone: {phone}",
  hook_blurred_teaser: "{name} has written to you",
  chat_blurred_label: "Hidden message: tap to read it",
  chat_blurred_filler: "I would love to tell you something more about me, but only if you write back…",
  chat_invite_locked: "{name} has not accepted your invite yet: you can chat as soon as she does.",
  chat_locked: "You cannot write in this conversation.",
  chat_visited: "{name} has visited you: say hello!",
  chat_pending: "Your message is kept: it will be sent as soon as you top up your credits.",
  chat_verify_phone: "Verify your profile with your phone number",
  hook_blurred_header: "Hidden message",
  hook_blurred_titolo: "Read her reply",
  hook_blurred_testo:
    "Free accounts see later replies blurred. Go VIP, or verify your profile with your phone number, to read every message.",
  hook_fine_crediti_header: "Out of credits",
  hook_fine_crediti_titolo: "You have run out of credits",
  hook_fine_crediti_testo: "Your message is kept and will be sent as soon as you top up your credits.",
} as const;

type Texts = Record<keyof typeof en, string>;
const it: Texts = {
  chat_invite_hint: "Il primo messaggio è un invito: potrai chattare appena {name} lo accetta.",
  hook_blurred_verifica: "Verifica il telefono",
  chat_held: "Non ancora inviato",
  chat_angel_phone: "Telefono: {phone}",
  hook_blurred_teaser: "{name} ti ha scritto",
  chat_blurred_label: "Messaggio nascosto: tocca per leggerlo",
  chat_blurred_filler: "Mi piacerebbe raccontarti qualcosa di più su di me, ma solo se mi rispondi…",
  chat_invite_locked: "{name} non ha ancora accettato il tuo invito: potrai chattare appena lo accetta.",
  chat_locked: "Non puoi scrivere in questa conversazione.",
  chat_visited: "{name} ti ha visitato: salutala!",
  chat_pending: "Il tuo messaggio è in attesa: verrà inviato appena ricarichi i crediti.",
  chat_verify_phone: "Verifica il tuo profilo con il numero di telefono",
  hook_blurred_header: "Messaggio nascosto",
  hook_blurred_titolo: "Leggi la sua risposta",
  hook_blurred_testo:
    "Con l'account gratuito le risposte successive sono sfocate. Passa a VIP, o verifica il profilo con il numero di telefono, per leggere ogni messaggio.",
  hook_fine_crediti_header: "Crediti esauriti",
  hook_fine_crediti_titolo: "Hai finito i crediti",
  hook_fine_crediti_testo: "Il tuo messaggio è salvato e verrà inviato appena ricarichi i crediti.",
};

const es: Texts = {
  chat_invite_hint: "Tu primer mensaje es una invitación: podrás chatear en cuanto {name} la acepte.",
  hook_blurred_verifica: "Verificar mi teléfono",
  chat_held: "Aún no enviado",
  chat_angel_phone: "Teléfono: {phone}",
  hook_blurred_teaser: "{name} te ha escrito",
  chat_blurred_label: "Mensaje oculto: toca para leerlo",
  chat_blurred_filler: "Me encantaría contarte algo más sobre mí, pero solo si me respondes…",
  chat_invite_locked: "{name} aún no ha aceptado tu invitación: podrás chatear en cuanto la acepte.",
  chat_locked: "No puedes escribir en esta conversación.",
  chat_visited: "{name} ha visitado tu perfil: ¡salúdala!",
  chat_pending: "Tu mensaje está en espera: se enviará en cuanto recargues tus créditos.",
  chat_verify_phone: "Verifica tu perfil con tu número de teléfono",
  hook_blurred_header: "Mensaje oculto",
  hook_blurred_titolo: "Lee su respuesta",
  hook_blurred_testo:
    "Con la cuenta gratuita las respuestas siguientes se ven borrosas. Hazte VIP, o verifica tu perfil con tu número de teléfono, para leer todos los mensajes.",
  hook_fine_crediti_header: "Sin créditos",
  hook_fine_crediti_titolo: "Te has quedado sin créditos",
  hook_fine_crediti_testo: "Tu mensaje está guardado y se enviará en cuanto recargues tus créditos.",
};

const fr: Texts = {
  chat_invite_hint:
    "Votre premier message est une invitation : vous pourrez discuter dès que {name} l'acceptera.",
  hook_blurred_verifica: "Vérifier mon téléphone",
  chat_held: "Pas encore envoyé",
  chat_angel_phone: "Téléphone : {phone}",
  hook_blurred_teaser: "{name} vous a écrit",
  chat_blurred_label: "Message masqué : touchez pour le lire",
  chat_blurred_filler: "J'aimerais te raconter un peu plus sur moi, mais seulement si tu me réponds…",
  chat_invite_locked:
    "{name} n'a pas encore accepté votre invitation : vous pourrez discuter dès qu'elle l'acceptera.",
  chat_locked: "Vous ne pouvez pas écrire dans cette conversation.",
  chat_visited: "{name} a visité votre profil : dites-lui bonjour !",
  chat_pending: "Votre message est en attente : il sera envoyé dès que vous rechargerez vos crédits.",
  chat_verify_phone: "Vérifiez votre profil avec votre numéro de téléphone",
  hook_blurred_header: "Message masqué",
  hook_blurred_titolo: "Lisez sa réponse",
  hook_blurred_testo:
    "Avec le compte gratuit, les réponses suivantes sont floutées. Passez VIP, ou vérifiez votre profil avec votre numéro de téléphone, pour lire tous les messages.",
  hook_fine_crediti_header: "Crédits épuisés",
  hook_fine_crediti_titolo: "Vous n'avez plus de crédits",
  hook_fine_crediti_testo:
    "Votre message est enregistré et sera envoyé dès que vous rechargerez vos crédits.",
};

export const chatTexts = { en, it, es, fr };
