// What the bot says, in the four languages. Telegram's HTML parse mode: every value inserted is escaped here.
import type { Locale } from "../../contracts/locales";
import type { NotificationKind } from "../channel";

const esc = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

export interface NotificationText {
  angel: string;
  count: number;
  preview?: string;
  /** A renewal's outcome. */
  outcome?: "renewed" | "failed";
}

interface BotCopy {
  linked: (title: string) => string;
  linkExpired: (title: string) => string;
  hello: (title: string) => string;
  stopped: (title: string) => string;
  open: string;
  notification: Record<NotificationKind, (v: NotificationText) => string>;
}

export const botCopy: Record<Locale, BotCopy> = {
  it: {
    linked: (t) =>
      `✅ Telegram è collegato a <b>${esc(t)}</b>. Ti scriveremo qui quando qualcuno ti risponde. Invia /stop per non ricevere più messaggi.`,
    linkExpired: (t) =>
      `Questo link è scaduto o è già stato usato. Apri ${esc(t)} e chiedi un nuovo link nella pagina delle notifiche.`,
    hello: (t) =>
      `Ciao! Per ricevere qui le notifiche di ${esc(t)}, apri il sito e tocca «Collega Telegram» nella pagina delle notifiche.`,
    stopped: (t) => `Notifiche di ${esc(t)} su Telegram disattivate. Puoi riattivarle dal sito quando vuoi.`,
    open: "Apri la chat",
    notification: {
      message: (v) =>
        v.count > 1
          ? `💬 ${v.count} nuovi messaggi da <b>${esc(v.angel)}</b>`
          : `💬 Nuovo messaggio da <b>${esc(v.angel)}</b>`,
      like_back: (v) => `❤️ A <b>${esc(v.angel)}</b> piaci anche tu!`,
      visit: (v) => `👀 <b>${esc(v.angel)}</b> ha visitato il tuo profilo`,
      purch_ko: () => "⚠️ C'è stato un errore con il tuo pagamento.",
      renewal: (v) =>
        v.outcome === "renewed"
          ? "🔄 Il tuo abbonamento è stato rinnovato: i crediti del piano sono sul tuo account."
          : v.outcome === "failed"
            ? "⚠️ Non siamo riusciti a rinnovare il tuo abbonamento: riproveremo ad addebitare la carta."
            : "🔄 Ci sono novità sul tuo abbonamento.",
    },
  },
  en: {
    linked: (t) =>
      `✅ Telegram is now linked to <b>${esc(t)}</b>. We will write to you here when someone answers you. Send /stop to get no more messages.`,
    linkExpired: (t) =>
      `This link has expired or was already used. Open ${esc(t)} and ask for a new one on the notifications page.`,
    hello: (t) =>
      `Hello! To get ${esc(t)}'s notifications here, open the site and tap “Link Telegram” on the notifications page.`,
    stopped: (t) =>
      `${esc(t)} notifications on Telegram are off. You can turn them back on from the site at any time.`,
    open: "Open the chat",
    notification: {
      message: (v) =>
        v.count > 1
          ? `💬 ${v.count} new messages from <b>${esc(v.angel)}</b>`
          : `💬 New message from <b>${esc(v.angel)}</b>`,
      like_back: (v) => `❤️ <b>${esc(v.angel)}</b> likes you too!`,
      visit: (v) => `👀 <b>${esc(v.angel)}</b> visited your profile`,
      purch_ko: () => "⚠️ Something went wrong with your payment.",
      renewal: (v) =>
        v.outcome === "renewed"
          ? "🔄 Your subscription has been renewed: your plan's credits are in your account."
          : v.outcome === "failed"
            ? "⚠️ We could not renew your subscription: we will try to charge your card again."
            : "🔄 There is news about your subscription.",
    },
  },
  es: {
    linked: (t) =>
      `✅ Telegram está vinculado a <b>${esc(t)}</b>. Te escribiremos aquí cuando alguien te responda. Envía /stop para no recibir más mensajes.`,
    linkExpired: (t) =>
      `Este enlace ha caducado o ya se ha usado. Abre ${esc(t)} y pide uno nuevo en la página de notificaciones.`,
    hello: (t) =>
      `¡Hola! Para recibir aquí las notificaciones de ${esc(t)}, abre el sitio y toca «Vincular Telegram» en la página de notificaciones.`,
    stopped: (t) =>
      `Notificaciones de ${esc(t)} en Telegram desactivadas. Puedes reactivarlas desde el sitio cuando quieras.`,
    open: "Abrir el chat",
    notification: {
      message: (v) =>
        v.count > 1
          ? `💬 ${v.count} mensajes nuevos de <b>${esc(v.angel)}</b>`
          : `💬 Nuevo mensaje de <b>${esc(v.angel)}</b>`,
      like_back: (v) => `❤️ ¡También le gustas a <b>${esc(v.angel)}</b>!`,
      visit: (v) => `👀 <b>${esc(v.angel)}</b> ha visitado tu perfil`,
      purch_ko: () => "⚠️ Ha habido un error con tu pago.",
      renewal: (v) =>
        v.outcome === "renewed"
          ? "🔄 Tu suscripción se ha renovado: los créditos de tu plan están en tu cuenta."
          : v.outcome === "failed"
            ? "⚠️ No pudimos renovar tu suscripción: volveremos a intentar el cobro en tu tarjeta."
            : "🔄 Hay novedades sobre tu suscripción.",
    },
  },
  fr: {
    linked: (t) =>
      `✅ Telegram est maintenant relié à <b>${esc(t)}</b>. Nous vous écrirons ici quand quelqu’un vous répond. Envoyez /stop pour ne plus recevoir de messages.`,
    linkExpired: (t) =>
      `Ce lien a expiré ou a déjà été utilisé. Ouvrez ${esc(t)} et demandez-en un nouveau sur la page des notifications.`,
    hello: (t) =>
      `Bonjour\u00a0! Pour recevoir ici les notifications de ${esc(t)}, ouvrez le site et touchez «\u00a0Relier Telegram\u00a0» sur la page des notifications.`,
    stopped: (t) =>
      `Notifications de ${esc(t)} sur Telegram désactivées. Vous pouvez les réactiver depuis le site à tout moment.`,
    open: "Ouvrir la conversation",
    notification: {
      message: (v) =>
        v.count > 1
          ? `💬 ${v.count} nouveaux messages de <b>${esc(v.angel)}</b>`
          : `💬 Nouveau message de <b>${esc(v.angel)}</b>`,
      like_back: (v) => `❤️ Vous plaisez aussi à <b>${esc(v.angel)}</b>\u00a0!`,
      visit: (v) => `👀 <b>${esc(v.angel)}</b> a visité votre profil`,
      purch_ko: () => "⚠️ Une erreur est survenue lors de votre paiement.",
      renewal: (v) =>
        v.outcome === "renewed"
          ? "🔄 Votre abonnement a été renouvelé\u00a0: les crédits de votre formule sont sur votre compte."
          : v.outcome === "failed"
            ? "⚠️ Nous n’avons pas pu renouveler votre abonnement\u00a0: nous réessaierons de débiter votre carte."
            : "🔄 Du nouveau concernant votre abonnement.",
    },
  },
};

/** A notification as one Telegram message: the line, the (blurred) preview, and the sign-in link. */
export function notificationText(locale: Locale, kind: NotificationKind, v: NotificationText, link: string) {
  const copy = botCopy[locale];
  const lines = [copy.notification[kind](v)];
  if (kind === "message" && v.preview) lines.push(`<i>${esc(v.preview.slice(0, 200))}</i>`);
  lines.push("", `<a href="${esc(link)}">${esc(copy.open)}</a>`);
  return lines.join("\n");
}
