// The operator console's queue in the four languages (each catalogue spreads its language in): the
// conversations waiting for a reply and taking one.
const en = {
  ops_error_taken: "Another operator took this conversation first.",
  ops_error_capacity: "You already hold {capacity} conversations: reply to or release one first.",
  ops_queue_title: "Waiting for a reply",
  ops_queue_empty: "No conversation is waiting. This list refreshes by itself.",
  ops_queue_held: "You hold {held} of {capacity} conversations",
  ops_waiting_since: "waiting since {time}",
  ops_take: "Take",
  ops_open: "Open",
  ops_taken_by: "Taken by {name}",
  ops_yours: "Yours",
} as const;

type Texts = Record<keyof typeof en, string>;

const it: Texts = {
  ops_error_taken: "Un altro operatore ha preso questa conversazione per primo.",
  ops_error_capacity: "Hai già {capacity} conversazioni: rispondi o rilasciane una prima.",
  ops_queue_title: "In attesa di risposta",
  ops_queue_empty: "Nessuna conversazione in attesa. L'elenco si aggiorna da solo.",
  ops_queue_held: "Hai {held} conversazioni su {capacity}",
  ops_waiting_since: "in attesa da {time}",
  ops_take: "Prendi",
  ops_open: "Apri",
  ops_taken_by: "Presa da {name}",
  ops_yours: "Tua",
};

const es: Texts = {
  ops_error_taken: "Otro operador ha tomado esta conversación antes.",
  ops_error_capacity: "Ya tienes {capacity} conversaciones: responde o libera una antes.",
  ops_queue_title: "Esperando respuesta",
  ops_queue_empty: "Ninguna conversación está esperando. Esta lista se actualiza sola.",
  ops_queue_held: "Tienes {held} de {capacity} conversaciones",
  ops_waiting_since: "esperando desde {time}",
  ops_take: "Tomar",
  ops_open: "Abrir",
  ops_taken_by: "Tomada por {name}",
  ops_yours: "Tuya",
};

const fr: Texts = {
  ops_error_taken: "Un autre opérateur a pris cette conversation avant vous.",
  ops_error_capacity: "Vous avez déjà {capacity} conversations : répondez ou libérez-en une d'abord.",
  ops_queue_title: "En attente de réponse",
  ops_queue_empty: "Aucune conversation n'attend. Cette liste se met à jour toute seule.",
  ops_queue_held: "Vous avez {held} conversations sur {capacity}",
  ops_waiting_since: "en attente depuis {time}",
  ops_take: "Prendre",
  ops_open: "Ouvrir",
  ops_taken_by: "Prise par {name}",
  ops_yours: "À vous",
};

export const opsQueueTexts = { en, it, es, fr };
