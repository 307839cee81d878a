// One line of the digest per notification, in the member's language (the mail's frame is in worker/mail).
import type { Locale } from "../../contracts/locales";
import type { NotificationKind } from "../channel";

type Line = (angel: string, count: number) => string;

const lines: Record<Locale, Record<NotificationKind, Line>> = {
  it: {
    message: (a, n) => (n > 1 ? `${n} nuovi messaggi da ${a}` : `Un nuovo messaggio da ${a}`),
    like_back: (a) => `Anche tu piaci a ${a}`,
    visit: (a, n) =>
      n > 1 ? `${a} ha visitato il tuo profilo ${n} volte` : `${a} ha visitato il tuo profilo`,
    purch_ko: () => "C'è stato un errore con il tuo pagamento",
    renewal: () => "Ci sono novità sul tuo abbonamento",
  },
  en: {
    message: (a, n) => (n > 1 ? `${n} new messages from ${a}` : `A new message from ${a}`),
    like_back: (a) => `${a} likes you too`,
    visit: (a, n) => (n > 1 ? `${a} visited your profile ${n} times` : `${a} visited your profile`),
    purch_ko: () => "Something went wrong with your payment",
    renewal: () => "There is news about your subscription",
  },
  es: {
    message: (a, n) => (n > 1 ? `${n} mensajes nuevos de ${a}` : `Un mensaje nuevo de ${a}`),
    like_back: (a) => `También le gustas a ${a}`,
    visit: (a, n) => (n > 1 ? `${a} ha visitado tu perfil ${n} veces` : `${a} ha visitado tu perfil`),
    purch_ko: () => "Ha habido un error con tu pago",
    renewal: () => "Hay novedades sobre tu suscripción",
  },
  fr: {
    message: (a, n) => (n > 1 ? `${n} nouveaux messages de ${a}` : `Un nouveau message de ${a}`),
    like_back: (a) => `Vous plaisez aussi à ${a}`,
    visit: (a, n) => (n > 1 ? `${a} a visité votre profil ${n} fois` : `${a} a visité votre profil`),
    purch_ko: () => "Une erreur est survenue lors de votre paiement",
    renewal: () => "Du nouveau concernant votre abonnement",
  },
};

const KINDS = ["message", "like_back", "visit", "purch_ko", "renewal"] as const;
export const isKind = (kind: string): kind is NotificationKind => (KINDS as readonly string[]).includes(kind);

/** The digest's text: one "• line" per notification. */
export function digestText(
  locale: Locale,
  items: { kind: string; angelName: string | null; count: number }[],
  fallbackName: string,
): string {
  return items
    .filter((i) => isKind(i.kind))
    .map((i) => `• ${lines[locale][i.kind as NotificationKind](i.angelName ?? fallbackName, i.count)}`)
    .join("\n");
}
