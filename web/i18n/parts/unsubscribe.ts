// Unsubscribing in the four languages (each catalogue spreads its language in): the /unsubscribe/ page, the
// profile's button and its confirmation.
const en = {
  // Unsubscribe: the /unsubscribe/ page, the profile's button and its confirmation.
  disiscrizione_titolo: "Unsubscribe",
  disiscrizione_sottotitolo:
    "Your plan stops renewing and you will not be charged again. You keep your credits.",
  disiscrizione_bottone: "Unsubscribe",
  disiscrizione_ok: "You are unsubscribed: your plan will not renew.",
  disiscrizione_ko: "We could not unsubscribe you. Please contact customer care.",
  disiscrizione_nessun_piano: "You have no plan that renews.",
  disiscrizione_conferma_titolo: "Stop your plan?",
  disiscrizione_conferma_testo:
    "Your plan will not renew. You keep your credits and your benefits until {date}.",
  disiscrizione_mantieni: "Keep my plan",
} as const;

type Texts = Record<keyof typeof en, string>;

const it: Texts = {
  disiscrizione_titolo: "Disiscrizione",
  disiscrizione_sottotitolo:
    "Il tuo piano non si rinnoverà e non ti addebiteremo altro. I tuoi crediti restano tuoi.",
  disiscrizione_bottone: "Disiscriviti",
  disiscrizione_ok: "Disiscrizione completata: il tuo piano non si rinnoverà.",
  disiscrizione_ko: "Non è stato possibile disiscriverti. Contatta l'assistenza clienti.",
  disiscrizione_nessun_piano: "Non hai piani che si rinnovano.",
  disiscrizione_conferma_titolo: "Vuoi interrompere il piano?",
  disiscrizione_conferma_testo:
    "Il piano non si rinnoverà. Tieni i tuoi crediti e i vantaggi fino al {date}.",
  disiscrizione_mantieni: "Mantieni il piano",
};

const es: Texts = {
  disiscrizione_titolo: "Darse de baja",
  disiscrizione_sottotitolo: "Tu plan deja de renovarse y no se te cobrará nada más. Conservas tus créditos.",
  disiscrizione_bottone: "Darse de baja",
  disiscrizione_ok: "Te has dado de baja: tu plan no se renovará.",
  disiscrizione_ko: "No hemos podido darte de baja. Ponte en contacto con atención al cliente.",
  disiscrizione_nessun_piano: "No tienes ningún plan que se renueve.",
  disiscrizione_conferma_titolo: "¿Detener tu plan?",
  disiscrizione_conferma_testo:
    "Tu plan no se renovará. Conservas tus créditos y tus ventajas hasta el {date}.",
  disiscrizione_mantieni: "Mantener mi plan",
};

const fr: Texts = {
  disiscrizione_titolo: "Désabonnement",
  disiscrizione_sottotitolo:
    "Votre formule ne se renouvelle plus et rien ne vous sera plus débité. Vous gardez vos crédits.",
  disiscrizione_bottone: "Se désabonner",
  disiscrizione_ok: "Vous êtes désabonné : votre formule ne se renouvellera pas.",
  disiscrizione_ko: "Nous n'avons pas pu vous désabonner. Contactez le service client.",
  disiscrizione_nessun_piano: "Vous n'avez aucune formule qui se renouvelle.",
  disiscrizione_conferma_titolo: "Arrêter votre formule ?",
  disiscrizione_conferma_testo:
    "Votre formule ne se renouvellera pas. Vous gardez vos crédits et vos avantages jusqu'au {date}.",
  disiscrizione_mantieni: "Garder ma formule",
};

export const unsubscribeTexts = { en, it, es, fr };
