// What a notification says outside the site (a push's title and body), in the member's language.
import type { Locale } from "../contracts/locales";
import type { OutgoingNotification } from "./channel";

interface Texts {
  message: (name: string, count: number) => string;
  like_back: (name: string) => string;
  visit: (name: string, count: number) => string;
  purch_ko: string;
  renewal: string;
  renewed: string;
  renewalFailed: string;
  /** The body of a message the member may not read yet. */
  locked: string;
  likeBody: string;
  visitBody: string;
  purchKoBody: string;
  renewalBody: string;
  renewedBody: string;
  renewalFailedBody: string;
}

const texts: Record<Locale, Texts> = {
  it: {
    message: (n, c) => (c > 1 ? `${c} nuovi messaggi da ${n}` : `Nuovo messaggio da ${n}`),
    like_back: (n) => `${n} ricambia il tuo like!`,
    visit: (n, c) =>
      c > 1 ? `${n} ha visitato il tuo profilo ${c} volte` : `${n} ha visitato il tuo profilo`,
    purch_ko: "Pagamento non riuscito",
    renewal: "Il tuo abbonamento",
    renewed: "Il tuo abbonamento è stato rinnovato",
    renewalFailed: "Rinnovo dell'abbonamento non riuscito",
    locked: "Ti ha scritto: apri la chat per leggere il messaggio.",
    likeBody: "Scrivile adesso.",
    visitBody: "Guarda chi è passata a trovarti.",
    purchKoBody: "C'è stato un errore. Riprova il pagamento.",
    renewalBody: "Apri il profilo per vedere lo stato del tuo abbonamento.",
    renewedBody: "I crediti del tuo piano sono già sul tuo account.",
    renewalFailedBody: "Non siamo riusciti ad addebitare la carta: riproveremo. Controlla il tuo profilo.",
  },
  en: {
    message: (n, c) => (c > 1 ? `${c} new messages from ${n}` : `New message from ${n}`),
    like_back: (n) => `${n} likes you back!`,
    visit: (n, c) => (c > 1 ? `${n} visited your profile ${c} times` : `${n} visited your profile`),
    purch_ko: "Payment failed",
    renewal: "Your subscription",
    renewed: "Your subscription has been renewed",
    renewalFailed: "Your subscription could not be renewed",
    locked: "She wrote to you: open the chat to read her message.",
    likeBody: "Write to her now.",
    visitBody: "See who came by.",
    purchKoBody: "Something went wrong. Please try the payment again.",
    renewalBody: "Open your profile to see your subscription's status.",
    renewedBody: "Your plan's credits are already in your account.",
    renewalFailedBody: "We could not charge your card: we will try again. Check your profile.",
  },
  es: {
    message: (n, c) => (c > 1 ? `${c} mensajes nuevos de ${n}` : `Nuevo mensaje de ${n}`),
    like_back: (n) => `¡A ${n} también le gustas!`,
    visit: (n, c) => (c > 1 ? `${n} visitó tu perfil ${c} veces` : `${n} visitó tu perfil`),
    purch_ko: "El pago no se realizó",
    renewal: "Tu suscripción",
    renewed: "Tu suscripción se ha renovado",
    renewalFailed: "No se pudo renovar tu suscripción",
    locked: "Te ha escrito: abre el chat para leer su mensaje.",
    likeBody: "Escríbele ahora.",
    visitBody: "Mira quién ha pasado a verte.",
    purchKoBody: "Ha habido un error. Vuelve a intentar el pago.",
    renewalBody: "Abre tu perfil para ver el estado de tu suscripción.",
    renewedBody: "Los créditos de tu plan ya están en tu cuenta.",
    renewalFailedBody: "No pudimos cobrar tu tarjeta: lo volveremos a intentar. Revisa tu perfil.",
  },
  fr: {
    message: (n, c) => (c > 1 ? `${c} nouveaux messages de ${n}` : `Nouveau message de ${n}`),
    like_back: (n) => `${n} vous aime aussi !`,
    visit: (n, c) => (c > 1 ? `${n} a visité votre profil ${c} fois` : `${n} a visité votre profil`),
    purch_ko: "Le paiement a échoué",
    renewal: "Votre abonnement",
    renewed: "Votre abonnement a été renouvelé",
    renewalFailed: "Votre abonnement n'a pas pu être renouvelé",
    locked: "Elle vous a écrit : ouvrez le chat pour lire son message.",
    likeBody: "Écrivez-lui maintenant.",
    visitBody: "Découvrez qui est passé vous voir.",
    purchKoBody: "Une erreur s'est produite. Réessayez le paiement.",
    renewalBody: "Ouvrez votre profil pour voir l'état de votre abonnement.",
    renewedBody: "Les crédits de votre formule sont déjà sur votre compte.",
    renewalFailedBody: "Nous n'avons pas pu débiter votre carte : nous réessaierons. Vérifiez votre profil.",
  },
};

/** The title and body a notification shows, in the member's language. */
export function notificationText(n: OutgoingNotification): { title: string; body: string } {
  const t = texts[n.locale];
  const name = n.angel?.name ?? "";
  switch (n.kind) {
    case "message":
      return { title: t.message(name, n.count), body: n.preview ? n.preview : t.locked };
    case "like_back":
      return { title: t.like_back(name), body: t.likeBody };
    case "visit":
      return { title: t.visit(name, n.count), body: t.visitBody };
    case "purch_ko":
      return { title: t.purch_ko, body: t.purchKoBody };
    case "renewal":
      if (n.outcome === "renewed") return { title: t.renewed, body: t.renewedBody };
      if (n.outcome === "failed") return { title: t.renewalFailed, body: t.renewalFailedBody };
      return { title: t.renewal, body: t.renewalBody };
  }
}
