// The notification channels' texts (web/features/notifications): the /activeNotifications page and the
// notification-channel choice popup (the flow's popup_selezione_canale_notifiche).
const en = {
  active_title: "Never miss a reply",
  active_claim: "With alerts on, your chances of a reply are 90% better.",
  active_push_title: "Notifications on this device",
  active_push_text: "A notification as soon as someone writes to you, even with the site closed.",
  active_push_enable: "Turn on",
  active_push_disable: "Turn off on this device",
  active_push_on: "On for this device.",
  active_push_blocked: "Notifications are blocked for this site: allow them in your browser's settings.",
  active_push_unsupported: "This browser cannot show notifications.",
  active_push_unavailable: "Notifications on devices are not available yet.",
  active_telegram_title: "Telegram",
  active_telegram_text: "Messages from @{bot} when you do not open a notification.",
  active_email_title: "E-mail",
  active_email_text: "A summary by e-mail of what you missed.",
  active_channel_on: "On",
  active_saved: "Your choice has been saved.",
  channel_popup_title: "Do not miss her reply",
  channel_popup_text:
    "Choose how we tell you when someone writes to you. With alerts on, your chances are 90% better.",
  channel_popup_push: "Notifications on this device",
  channel_popup_telegram: "Telegram",
  channel_popup_later: "Not now",
};

const it: typeof en = {
  active_title: "Non perdere nessuna risposta",
  active_claim: "Con le notifiche attive hai il 90% di possibilità in più di una risposta.",
  active_push_title: "Notifiche su questo dispositivo",
  active_push_text: "Una notifica appena qualcuno ti scrive, anche con il sito chiuso.",
  active_push_enable: "Attiva",
  active_push_disable: "Disattiva su questo dispositivo",
  active_push_on: "Attive su questo dispositivo.",
  active_push_blocked:
    "Le notifiche sono bloccate per questo sito: consentile nelle impostazioni del browser.",
  active_push_unsupported: "Questo browser non può mostrare notifiche.",
  active_push_unavailable: "Le notifiche sui dispositivi non sono ancora disponibili.",
  active_telegram_title: "Telegram",
  active_telegram_text: "I messaggi da @{bot} quando non apri una notifica.",
  active_email_title: "E-mail",
  active_email_text: "Un riepilogo via e-mail di quello che ti sei perso.",
  active_channel_on: "Attivo",
  active_saved: "La tua scelta è stata salvata.",
  channel_popup_title: "Non perdere la sua risposta",
  channel_popup_text:
    "Scegli come avvisarti quando qualcuno ti scrive. Con le notifiche attive hai il 90% di possibilità in più.",
  channel_popup_push: "Notifiche su questo dispositivo",
  channel_popup_telegram: "Telegram",
  channel_popup_later: "Non ora",
};

const es: typeof en = {
  active_title: "No te pierdas ninguna respuesta",
  active_claim: "Con las notificaciones activadas tienes un 90% más de posibilidades de recibir respuesta.",
  active_push_title: "Notificaciones en este dispositivo",
  active_push_text: "Un aviso en cuanto alguien te escribe, incluso con el sitio cerrado.",
  active_push_enable: "Activar",
  active_push_disable: "Desactivar en este dispositivo",
  active_push_on: "Activadas en este dispositivo.",
  active_push_blocked:
    "Las notificaciones están bloqueadas para este sitio: permítelas en los ajustes del navegador.",
  active_push_unsupported: "Este navegador no puede mostrar notificaciones.",
  active_push_unavailable: "Las notificaciones en dispositivos aún no están disponibles.",
  active_telegram_title: "Telegram",
  active_telegram_text: "Los mensajes de @{bot} cuando no abres una notificación.",
  active_email_title: "Correo electrónico",
  active_email_text: "Un resumen por correo de lo que te has perdido.",
  active_channel_on: "Activado",
  active_saved: "Tu elección se ha guardado.",
  channel_popup_title: "No te pierdas su respuesta",
  channel_popup_text:
    "Elige cómo avisarte cuando alguien te escribe. Con los avisos activados tienes un 90% más de posibilidades.",
  channel_popup_push: "Notificaciones en este dispositivo",
  channel_popup_telegram: "Telegram",
  channel_popup_later: "Ahora no",
};

const fr: typeof en = {
  active_title: "Ne manquez aucune réponse",
  active_claim: "Avec les alertes activées, vos chances de réponse sont 90 % meilleures.",
  active_push_title: "Notifications sur cet appareil",
  active_push_text: "Une notification dès que quelqu'un vous écrit, même site fermé.",
  active_push_enable: "Activer",
  active_push_disable: "Désactiver sur cet appareil",
  active_push_on: "Activées sur cet appareil.",
  active_push_blocked:
    "Les notifications sont bloquées pour ce site : autorisez-les dans les réglages du navigateur.",
  active_push_unsupported: "Ce navigateur ne peut pas afficher de notifications.",
  active_push_unavailable: "Les notifications sur les appareils ne sont pas encore disponibles.",
  active_telegram_title: "Telegram",
  active_telegram_text: "Les messages de @{bot} quand vous n'ouvrez pas une notification.",
  active_email_title: "E-mail",
  active_email_text: "Un résumé par e-mail de ce que vous avez manqué.",
  active_channel_on: "Activé",
  active_saved: "Votre choix a été enregistré.",
  channel_popup_title: "Ne manquez pas sa réponse",
  channel_popup_text:
    "Choisissez comment être prévenu quand quelqu'un vous écrit. Avec les alertes activées, vos chances sont 90 % meilleures.",
  channel_popup_push: "Notifications sur cet appareil",
  channel_popup_telegram: "Telegram",
  channel_popup_later: "Plus tard",
};

export const notifyChannelTexts = { en, it, es, fr };
