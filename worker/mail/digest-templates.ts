// The notification digest: what happened on the site while the member was away (new messages, a like back,
// visits), one mail per digest window, with the way to stop it in the text and in List-Unsubscribe.
import type { Locale } from "../contracts/locales";
import type { TemplateCopy } from "./templates";

export const digestTemplates = ["notification_digest"] as const;
export type DigestTemplate = (typeof digestTemplates)[number];

export const digestCopy: Record<DigestTemplate, Record<Locale, TemplateCopy>> = {
  notification_digest: {
    it: {
      subject: (v) => `Novità per te su ${v.title}`,
      heading: () => "Mentre non c’eri",
      paragraphs: [(v) => v.digest ?? ""],
      button: () => "Leggi e rispondi",
      after: [(v) => `Non vuoi più ricevere questi riepiloghi? Disattivali qui: ${v.unsubscribe ?? ""}`],
    },
    en: {
      subject: (v) => `News for you on ${v.title}`,
      heading: () => "While you were away",
      paragraphs: [(v) => v.digest ?? ""],
      button: () => "Read and reply",
      after: [(v) => `Don’t want these summaries any more? Turn them off here: ${v.unsubscribe ?? ""}`],
    },
    es: {
      subject: (v) => `Novedades para ti en ${v.title}`,
      heading: () => "Mientras no estabas",
      paragraphs: [(v) => v.digest ?? ""],
      button: () => "Leer y responder",
      after: [(v) => `¿No quieres recibir más estos resúmenes? Desactívalos aquí: ${v.unsubscribe ?? ""}`],
    },
    fr: {
      subject: (v) => `Du nouveau pour vous sur ${v.title}`,
      heading: () => "Pendant votre absence",
      paragraphs: [(v) => v.digest ?? ""],
      button: () => "Lire et répondre",
      after: [
        (v) =>
          `Vous ne voulez plus recevoir ces récapitulatifs\u00a0? Désactivez-les ici\u00a0: ${v.unsubscribe ?? ""}`,
      ],
    },
  },
};
