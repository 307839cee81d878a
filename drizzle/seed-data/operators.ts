// Demo operators of the console at /ops, for local runs and tests only (the seed never runs in production).
// The hashes are Argon2id at the current cost (worker/core/password.ts) of the passwords written beside them,
// computed once so the seed needs no Wasm in Node and stays deterministic.
export interface DemoOperator {
  email: string;
  /** The local password, documented here on purpose: these accounts exist only in local databases. */
  password: string;
  passwordHash: string;
  displayName: string;
  role: "operator" | "supervisor" | "admin";
  /** The brands the operator covers (the admin's role covers every brand). */
  brands: string[];
  capacity: number;
  language: "it" | "en" | "es" | "fr";
}

export const demoOperators: DemoOperator[] = [
  {
    email: "giulia@ops.example",
    password: "operator-demo-1",
    passwordHash:
      "$argon2id$v=19$m=19456,t=2,p=1$m/EWatapY/VANTzpot3AyQ$VQoW9Z2FLovT1bWsBPjUNDKOsH7gw0yOB8X0Y4cEoZw",
    displayName: "Giulia",
    role: "operator",
    brands: ["amoreitalia"],
    capacity: 3,
    language: "it",
  },
  {
    email: "tom@ops.example",
    password: "operator-demo-2",
    passwordHash:
      "$argon2id$v=19$m=19456,t=2,p=1$NpQ8Mgpp3VG9eS6dhgj9vw$nV8aGPmQgnV+Wu6SD4hmCg/iwT7SSsYwwwoljFo0rn4",
    displayName: "Tom",
    role: "operator",
    brands: ["lovechat"],
    capacity: 2,
    language: "en",
  },
  {
    email: "lucia@ops.example",
    password: "supervisor-demo-1",
    passwordHash:
      "$argon2id$v=19$m=19456,t=2,p=1$PcdxfSMGBcfeW7S52+nEbw$2zD4AzILOkaIXth+7LK7ZKRp273R8fVI/AxyTpjV01U",
    displayName: "Lucía",
    role: "supervisor",
    // The southern European desk: the Spanish and Italian brands.
    brands: ["amorespana", "amoreitalia"],
    capacity: 5,
    language: "es",
  },
  {
    email: "admin@ops.example",
    password: "admin-demo-1",
    passwordHash:
      "$argon2id$v=19$m=19456,t=2,p=1$MwSfCxgBaf0BZebf6lLlxQ$MpNiKa3w3o759bSkoJaW6jlOtI5RNMQdRy/pNknc30E",
    displayName: "Admin",
    role: "admin",
    brands: [],
    capacity: 5,
    language: "en",
  },
];

/**
 * Persona notes for the first angels of each country (ids 1-3: Italy; 301-302: Spain; 601: the UK), in the
 * angel's language: the operators who write as her read and write in it.
 */
export const demoPersonaNotes: Record<number, string> = {
  1: "Infermiera con i turni di notte, adora cucinare il risotto e andare in bici sul lago la domenica. Giocosa, mai esplicita; chiede all'iscritto com'è andata la sua giornata.",
  2: "Studentessa di architettura, timida all'inizio ma si scioglie in fretta. Parla spesso della sua gatta Olivia.",
  3: "Ha un piccolo negozio di fiori; romantica, scrive messaggi lunghi e ama le vecchie canzoni italiane.",
  301: "Profesora de flamenco de Sevilla, directa y divertida: escribe mensajes cortos y hace muchas preguntas.",
  302: "Trabaja en una agencia de viajes y sueña con Japón; pregunta al miembro adónde le gustaría viajar.",
  601: "Primary school teacher in London, loves quiz nights at the pub and bad puns.",
};
