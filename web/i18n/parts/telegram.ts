// Linking Telegram (web/features/notifications/TelegramLink.tsx) in the four languages: the deep link to the
// brand's bot, the wait for /start, the linked state and unlinking.
const en = {
  telegram_title: "Telegram",
  telegram_intro: "Get a message on Telegram when someone answers you, with a link straight to the chat.",
  telegram_link: "Link Telegram",
  telegram_open_bot: "Open @{bot} in Telegram",
  telegram_waiting: "In Telegram, tap Start. This link works once, for 10 minutes.",
  telegram_linked: "Telegram is linked: you will get your notifications from @{bot}.",
  telegram_unlink: "Unlink Telegram",
  telegram_expired: "The link has expired. Ask for a new one.",
} as const;

type Texts = Record<keyof typeof en, string>;

const it: Texts = {
  telegram_title: "Telegram",
  telegram_intro:
    "Ricevi un messaggio su Telegram quando qualcuno ti risponde, con un link diretto alla chat.",
  telegram_link: "Collega Telegram",
  telegram_open_bot: "Apri @{bot} su Telegram",
  telegram_waiting: "Su Telegram tocca Avvia. Questo link vale una volta sola, per 10 minuti.",
  telegram_linked: "Telegram è collegato: riceverai le notifiche da @{bot}.",
  telegram_unlink: "Scollega Telegram",
  telegram_expired: "Il link è scaduto. Chiedine uno nuovo.",
};

const es: Texts = {
  telegram_title: "Telegram",
  telegram_intro: "Recibe un mensaje en Telegram cuando alguien te responda, con un enlace directo al chat.",
  telegram_link: "Vincular Telegram",
  telegram_open_bot: "Abrir @{bot} en Telegram",
  telegram_waiting: "En Telegram, toca Iniciar. Este enlace sirve una sola vez, durante 10 minutos.",
  telegram_linked: "Telegram está vinculado: recibirás las notificaciones de @{bot}.",
  telegram_unlink: "Desvincular Telegram",
  telegram_expired: "El enlace ha caducado. Pide uno nuevo.",
};

const fr: Texts = {
  telegram_title: "Telegram",
  telegram_intro:
    "Recevez un message sur Telegram quand quelqu’un vous répond, avec un lien direct vers la conversation.",
  telegram_link: "Relier Telegram",
  telegram_open_bot: "Ouvrir @{bot} dans Telegram",
  telegram_waiting: "Dans Telegram, touchez Démarrer. Ce lien ne sert qu’une fois, pendant 10 minutes.",
  telegram_linked: "Telegram est relié\u00a0: vous recevrez vos notifications de @{bot}.",
  telegram_unlink: "Délier Telegram",
  telegram_expired: "Le lien a expiré. Demandez-en un nouveau.",
};

export const telegramTexts = { en, it, es, fr };
