// The transactional mails in Italian: the same content as texts/en.ts (keep them in step).
import type { MailTexts } from "../templates";

export const it: MailTexts = {
  common: {
    greeting: "Ciao,",
    signoff: (v) => `Il team di ${v.title}`,
    fallbackLink: "Se il pulsante non funziona, copia questo link nel browser:",
    fictional: (v) => `I profili presenti su ${v.title} sono fittizi e gestiti da operatori.`,
    why: (v) => `Ricevi questa e-mail di servizio perché questo indirizzo è stato usato su ${v.title}.`,
    vat: "P. IVA",
    support: "Assistenza",
    colon: ":",
  },
  templates: {
    activation: {
      subject: (v) => `Conferma il tuo indirizzo e-mail su ${v.title}`,
      heading: () => "Conferma il tuo indirizzo e-mail",
      paragraphs: [
        () => "Grazie per la tua iscrizione: manca solo un passo.",
        (v) => `Per attivare il tuo account su ${v.title}, conferma che ${v.to} è il tuo indirizzo e-mail.`,
      ],
      button: () => "Conferma l’indirizzo",
      after: [
        () =>
          "Se non hai richiesto tu questa iscrizione, ignora questa e-mail: senza conferma non succede nulla.",
      ],
    },
    reset_password: {
      subject: (v) => `Reimposta la tua password di ${v.title}`,
      heading: () => "Scegli una nuova password",
      paragraphs: [
        (v) => `Abbiamo ricevuto una richiesta di reimpostare la password del tuo account ${v.title}.`,
        () =>
          "Clicca sul pulsante qui sotto per sceglierne una nuova. Il link è valido per un’ora e si può usare una sola volta.",
      ],
      button: () => "Scegli una nuova password",
      after: [() => "Se non l’hai chiesto tu, ignora questa e-mail: la tua password resterà invariata."],
    },
    welcome: {
      subject: (v) => `Ti diamo il benvenuto su ${v.title}`,
      heading: (v) => `Ti diamo il benvenuto su ${v.title}!`,
      paragraphs: [
        () => "Il tuo account è attivo.",
        () => "Scopri i profili, invia i tuoi primi messaggi e inizia a chattare.",
      ],
      button: (v) => `Vai su ${v.title}`,
      after: [],
    },
    refund: {
      subject: (v) => `Il tuo pagamento su ${v.title} è stato rimborsato`,
      heading: () => "Il tuo pagamento è stato rimborsato",
      paragraphs: [
        (v) =>
          `Abbiamo rimborsato ${v.amount} per il piano ${v.plan} su ${v.title}. L’importo torna sul metodo di pagamento che hai usato; la tua banca può impiegare qualche giorno per mostrarlo.`,
        () => "I crediti di quell’acquisto sono stati tolti dal tuo account, insieme ai vantaggi del piano.",
      ],
      button: () => "Vedi le tue ricevute",
      after: [() => "Per qualsiasi domanda, scrivi alla nostra assistenza."],
    },
    renewed: {
      subject: (v) => `Il tuo piano ${v.plan} su ${v.title} è stato rinnovato`,
      heading: (v) => `Piano ${v.plan} rinnovato`,
      paragraphs: [
        (v) =>
          `Abbiamo addebitato ${v.amount} sulla carta salvata e aggiunto i crediti del piano al tuo account.`,
        (v) => `Il prossimo rinnovo è il ${v.date}. Puoi disdire quando vuoi con un clic dal tuo profilo.`,
      ],
      button: () => "Vai al tuo profilo",
      after: [],
    },
    renewal_failed: {
      subject: (v) => `${v.title}: non siamo riusciti a rinnovare il tuo piano ${v.plan}`,
      heading: () => "Rinnovo non riuscito",
      paragraphs: [
        (v) => `La carta salvata ha rifiutato l'addebito di ${v.amount} per il rinnovo del piano ${v.plan}.`,
        (v) =>
          `Riproveremo il ${v.date}; fino ad allora il tuo piano resta attivo. Se non vuoi rinnovarlo, puoi disdire con un clic dal tuo profilo.`,
      ],
      button: () => "Vai al tuo profilo",
      after: [],
    },
    subscription_ended: {
      subject: (v) => `Il tuo piano ${v.plan} su ${v.title} è terminato`,
      heading: (v) => `Piano ${v.plan} terminato`,
      paragraphs: [
        () => "Il tuo piano non si rinnova più e non ti addebiteremo altro. I crediti che hai restano tuoi.",
        () => "Puoi scegliere un nuovo piano quando vuoi.",
      ],
      button: () => "Vedi i piani",
      after: [],
    },
    contact: {
      subject: (v) => `${v.title}: messaggio dal modulo contatti`,
      heading: () => "Nuovo messaggio dal modulo contatti",
      paragraphs: [(v) => `Mittente: ${v.sender}`, (v) => `${v.message}`],
      button: () => "Rispondi",
      after: [],
    },
  },
};
