// What a notification says outside the site (a push's title and body), in the member's language.
import type { Locale } from "../contracts/locales";
import type { OutgoingNotification } from "./channel";

interface Texts {
  message: (name: string, count: number) => string;
  like_back: (name: string) => string;
  visit: (name: string, count: number) => string;
  purch_ko: string;
  renewal: string;
  /** The body of a message the member may not read yet. */
  locked: string;
  likeBody: string;
  visitBody: string;
  purchKoBody: string;
  renewalBody: string;
}

const texts: Record<Locale, Texts> = {
  it: {
    message: (n, c) => (c > 1 ? `${c} nuovi messaggi da ${n}` : `Nuovo messaggio da ${n}`),
    like_back: (n) => `${n} ricambia il tuo like!`,
    visit: (n, c) =>
      c > 1 ? `${n} ha visitato il tuo profilo ${c} volte` : `${n} ha visitato il tuo profilo`,
    purch_ko: "Pagamento non riuscito",
    renewal: "Il tuo abbonamento",
    locked: "Ti ha scritto: apri la chat per leggere il messaggio.",
    likeBody: "Scrivile adesso.",
    visitBody: "Guarda chi è passata a trovarti.",
    purchKoBody: "C'è stato un errore. Riprova il pagamento.",
    renewalBody: "Apri il profilo per vedere lo stato del tuo abbonamento.",
  },
  en: {
    message: (n, c) => (c > 1 ? `${c} new messages from ${n}` : `New message from ${n}`),
    like_back: (n) => `${n} likes you back!`,
    visit: (n, c) => (c > 1 ? `${n} visited your profile ${c} times` : `${n} visited your profile`),
    purch_ko: "Payment failed",
    renewal: "Your subscription",
    locked: "She wrote to you: open the chat to read her message.",
    likeBody: "Write to her now.",
    visitBody: "See who came by.",
    purchKoBody: "Something went wrong. Please try the payment again.",
    renewalBody: "Open your profile to see your subscription's status.",
  },
  es: {
    message: (n, c) => (c > 1 ? `${c} mensajes nuevos de ${n}` : `Nuevo mensaje de ${n}`),
    like_back: (n) => `¡A ${n} también le gustas!`,
    visit: (n, c) => (c > 1 ? `${n} visitó tu perfil ${c} veces` : `${n} visitó tu perfil`),
    purch_ko: "El pago no se realizó",
    renewal: "Tu suscripción",
    locked: "Te ha escrito: abre el chat para leer su mensaje.",
    likeBody: "Escríbele ahora.",
    visitBody: "Mira quién ha pasado a verte.",
    purchKoBody: "Ha habido un error. Vuelve a intentar el pago.",
    renewalBody: "Abre tu perfil para ver el estado de tu suscripción.",
  },
  fr: {
    message: (n, c) => (c > 1 ? `${c} nouveaux messages de ${n}` : `Nouveau message de ${n}`),
    like_back: (n) => `${n} vous aime aussi !`,
    visit: (n, c) => (c > 1 ? `${n} a visité votre profil ${c} fois` : `${n} a visité votre profil`),
    purch_ko: "Le paiement a échoué",
    renewal: "Votre abonnement",
    locked: "Elle vous a écrit : ouvrez le chat pour lire son message.",
    likeBody: "Écrivez-lui maintenant.",
    visitBody: "Découvrez qui est passé vous voir.",
    purchKoBody: "Une erreur s'est produite. Réessayez le paiement.",
    renewalBody: "Ouvrez votre profil pour voir l'état de votre abonnement.",
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
      return { title: t.renewal, body: t.renewalBody };
  }
}
