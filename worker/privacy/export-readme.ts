// The short readme at the top of a data archive, in the member's language.
import type { Locale } from "../contracts/locales";

export interface ReadmeFacts {
  title: string;
  company: string;
  email: string;
  createdAt: string;
}

export const README: Record<Locale, (f: ReadmeFacts) => string> = {
  it: (f) => `I tuoi dati su ${f.title}
Archivio creato il ${f.createdAt} (UTC) su tua richiesta (GDPR, articoli 15 e 20).

Cosa contiene
- data/account.json: il tuo account, il profilo e le preferenze (le notifiche comprese).
- data/logins.json: come accedi (password, Google), l'ultimo accesso, l'indirizzo IP e il browser dell'iscrizione.
- data/notification_channels.json: i canali di notifica e se sono collegati.
- data/consents.json: ogni consenso, dato o negato, con la versione del testo e la data.
- data/cookie_consents.json: ogni scelta sui cookie (analitici, marketing), con la versione della policy e la data.
- data/tracking.json: i clic, gli ordini e gli eventi comunicati ai partner pubblicitari (con il tuo identificativo di clic).
- data/messages.json, likes.json, visits.json, dislikes.json, invites.json, notifications.json: le tue conversazioni, i mi piace e le visite.
- data/photos.json e la cartella photos/: le foto che hai caricato.
- data/orders.json, payments.json, refunds.json, withdrawals.json, subscriptions.json, saved_cards.json, credit_ledger.json e la cartella receipts/: acquisti, pagamenti, ricevute, abbonamenti, carte salvate (solo circuito e ultime cifre) e ogni movimento dei crediti.
- data/events.json, mails_sent.json, phone_codes.json, mail_suppressions.json, data_requests.json: eventi d'uso, e-mail di servizio inviate, verifiche del telefono e richieste dei tuoi dati.
- data/notification_digest.json, telegram_links.json: le notifiche raccolte per il riepilogo via e-mail e i link di Telegram (collegamento e accesso).

I file sono in JSON (UTF-8), le date in UTC (ISO 8601), gli importi in centesimi.
Le password e i codici non sono inclusi: li conserviamo solo come hash.
Per domande: ${f.company}, ${f.email}.
`,
  en: (f) => `Your data on ${f.title}
Archive made on ${f.createdAt} (UTC) at your request (GDPR, articles 15 and 20).

What it holds
- data/account.json: your account, your profile and your preferences (notifications included).
- data/logins.json: how you log in (password, Google), your last activity, the IP address and browser you signed up with.
- data/notification_channels.json: your notification channels and whether they are linked.
- data/consents.json: every consent, given or refused, with the version of its text and its date.
- data/cookie_consents.json: every cookie choice (analytics, marketing), with the policy's version and its date.
- data/tracking.json: the clicks, orders and events reported to advertising partners (with your click id).
- data/messages.json, likes.json, visits.json, dislikes.json, invites.json, notifications.json: your conversations, likes and visits.
- data/photos.json and the photos/ folder: the photos you uploaded.
- data/orders.json, payments.json, refunds.json, withdrawals.json, subscriptions.json, saved_cards.json, credit_ledger.json and the receipts/ folder: purchases, payments, receipts, subscriptions, saved cards (brand and last digits only) and every change of your credits.
- data/events.json, mails_sent.json, phone_codes.json, mail_suppressions.json, data_requests.json: usage events, service e-mails sent, phone verifications and your data requests.
- data/notification_digest.json, telegram_links.json: the notifications gathered for the e-mail digest and the Telegram links (linking and sign-in).

Files are JSON (UTF-8), times UTC (ISO 8601), amounts in cents.
Passwords and codes are not included: we keep them only as hashes.
Questions: ${f.company}, ${f.email}.
`,
  es: (f) => `Tus datos en ${f.title}
Archivo creado el ${f.createdAt} (UTC) a petición tuya (RGPD, artículos 15 y 20).

Qué contiene
- data/account.json: tu cuenta, tu perfil y tus preferencias (notificaciones incluidas).
- data/logins.json: cómo entras (contraseña, Google), tu última actividad, la dirección IP y el navegador con los que te registraste.
- data/notification_channels.json: tus canales de notificación y si están vinculados.
- data/consents.json: cada consentimiento, dado o negado, con la versión de su texto y su fecha.
- data/cookie_consents.json: cada elección sobre las cookies (analíticas, marketing), con la versión de la política y su fecha.
- data/tracking.json: los clics, pedidos y eventos comunicados a los socios publicitarios (con tu identificador de clic).
- data/messages.json, likes.json, visits.json, dislikes.json, invites.json, notifications.json: tus conversaciones, me gusta y visitas.
- data/photos.json y la carpeta photos/: las fotos que subiste.
- data/orders.json, payments.json, refunds.json, withdrawals.json, subscriptions.json, saved_cards.json, credit_ledger.json y la carpeta receipts/: compras, pagos, recibos, suscripciones, tarjetas guardadas (solo marca y últimas cifras) y cada movimiento de tus créditos.
- data/events.json, mails_sent.json, phone_codes.json, mail_suppressions.json, data_requests.json: eventos de uso, correos de servicio enviados, verificaciones del teléfono y tus solicitudes de datos.
- data/notification_digest.json, telegram_links.json: las notificaciones reunidas para el resumen por correo y los enlaces de Telegram (vinculación y acceso).

Los archivos están en JSON (UTF-8), las fechas en UTC (ISO 8601) y los importes en céntimos.
No se incluyen contraseñas ni códigos: solo guardamos su hash.
Preguntas: ${f.company}, ${f.email}.
`,
  fr: (f) => `Vos données sur ${f.title}
Archive créée le ${f.createdAt} (UTC) à votre demande (RGPD, articles 15 et 20).

Ce qu'elle contient
- data/account.json : votre compte, votre profil et vos préférences (notifications comprises).
- data/logins.json : comment vous vous connectez (mot de passe, Google), votre dernière activité, l'adresse IP et le navigateur de votre inscription.
- data/notification_channels.json : vos canaux de notification et s'ils sont reliés.
- data/consents.json : chaque consentement, donné ou refusé, avec la version de son texte et sa date.
- data/cookie_consents.json : chaque choix sur les cookies (mesure d'audience, marketing), avec la version de la politique et sa date.
- data/tracking.json : les clics, commandes et événements communiqués aux partenaires publicitaires (avec votre identifiant de clic).
- data/messages.json, likes.json, visits.json, dislikes.json, invites.json, notifications.json : vos conversations, vos j'aime et vos visites.
- data/photos.json et le dossier photos/ : les photos que vous avez envoyées.
- data/orders.json, payments.json, refunds.json, withdrawals.json, subscriptions.json, saved_cards.json, credit_ledger.json et le dossier receipts/ : achats, paiements, reçus, abonnements, cartes enregistrées (réseau et derniers chiffres seulement) et chaque mouvement de vos crédits.
- data/events.json, mails_sent.json, phone_codes.json, mail_suppressions.json, data_requests.json : événements d'utilisation, e-mails de service envoyés, vérifications du téléphone et vos demandes de données.
- data/notification_digest.json, telegram_links.json : les notifications rassemblées pour le récapitulatif par e-mail et les liens Telegram (liaison et connexion).

Les fichiers sont en JSON (UTF-8), les dates en UTC (ISO 8601), les montants en centimes.
Les mots de passe et les codes ne sont pas inclus : nous n'en gardons qu'un hachage.
Questions : ${f.company}, ${f.email}.
`,
};
