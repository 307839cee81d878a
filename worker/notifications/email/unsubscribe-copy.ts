// The unsubscribe page's words (the page a member reaches from a digest's link), in the four languages.
import type { Locale } from "../../contracts/locales";

export interface UnsubscribeCopy {
  title: string;
  ask: (channel: string) => string;
  button: string;
  done: (channel: string) => string;
  invalid: string;
  channels: Record<"email" | "telegram" | "push", string>;
}

export const unsubscribeCopy: Record<Locale, UnsubscribeCopy> = {
  it: {
    title: "Notifiche",
    ask: (c) => `Vuoi smettere di ricevere le notifiche via ${c}?`,
    button: "Disattiva",
    done: (c) => `Fatto: non riceverai più notifiche via ${c}. Puoi riattivarle dal tuo profilo.`,
    invalid: "Questo link non è valido o è scaduto. Puoi cambiare le notifiche dal tuo profilo.",
    channels: { email: "e-mail", telegram: "Telegram", push: "notifiche push" },
  },
  en: {
    title: "Notifications",
    ask: (c) => `Do you want to stop receiving notifications by ${c}?`,
    button: "Turn off",
    done: (c) =>
      `Done: you will get no more notifications by ${c}. You can turn them back on from your profile.`,
    invalid: "This link is not valid or has expired. You can change your notifications from your profile.",
    channels: { email: "e-mail", telegram: "Telegram", push: "push" },
  },
  es: {
    title: "Notificaciones",
    ask: (c) => `¿Quieres dejar de recibir notificaciones por ${c}?`,
    button: "Desactivar",
    done: (c) => `Hecho: ya no recibirás notificaciones por ${c}. Puedes reactivarlas desde tu perfil.`,
    invalid: "Este enlace no es válido o ha caducado. Puedes cambiar tus notificaciones desde tu perfil.",
    channels: { email: "correo electrónico", telegram: "Telegram", push: "notificaciones push" },
  },
  fr: {
    title: "Notifications",
    ask: (c) => `Voulez-vous ne plus recevoir de notifications par ${c}\u00a0?`,
    button: "Désactiver",
    done: (c) =>
      `C’est fait\u00a0: vous ne recevrez plus de notifications par ${c}. Vous pouvez les réactiver depuis votre profil.`,
    invalid:
      "Ce lien n’est pas valide ou a expiré. Vous pouvez modifier vos notifications depuis votre profil.",
    channels: { email: "e-mail", telegram: "Telegram", push: "notifications push" },
  },
};
