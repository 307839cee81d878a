import { z } from "zod";
import type { Brand } from "../brands/brand";
import type { Locale } from "../contracts/locales";
import { escapeHtml } from "../core/html";
import { digestCopy, digestTemplates } from "./digest-templates";
import { rightsCopy, rightsTemplates, WITHDRAW_INTRO, WITHDRAW_LABEL } from "./rights-templates";

/** The transactional mails; adding one does not compile until every language has its copy. */
export const mailTemplates = [
  "activation",
  "reset_password",
  "welcome",
  "refund",
  "renewed",
  "renewal_failed",
  "subscription_ended",
  "contact",
  ...rightsTemplates,
  ...digestTemplates,
] as const;
export const MailTemplate = z.enum(mailTemplates);
export type MailTemplate = z.infer<typeof MailTemplate>;

/** What a template renders to: the subject and both bodies of one mail. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** What a payment mail states, formatted for its language by the sender. */
export interface MailFacts {
  plan?: string;
  amount?: string;
  date?: string;
  /** The contact form's sender address and message (worker/legal). */
  sender?: string;
  message?: string;
  /** A one-time code (the deletion's confirmation). */
  code?: string;
  /** A contract's number, its purchase date and what the checkout said of immediate performance. */
  contract?: string;
  purchased?: string;
  performance?: string;
  /** A withdrawal's refund, explained (days or credits used). */
  refund?: string;
  /** The withdrawal function's address: the mail shows it, labelled as the law asks, with its deadline. */
  withdrawal?: string;
  withdrawalDays?: string;
  /** The notification digest's lines, one per conversation or event. */
  digest?: string;
  /** The notification digest's unsubscribe page (also in its List-Unsubscribe header). */
  unsubscribe?: string;
}

/** The facts a payment mail states: it is never rendered without them (no mail shows an empty slot). */
const neededFacts: Partial<Record<MailTemplate, readonly (keyof MailFacts)[]>> = {
  refund: ["plan", "amount"],
  renewed: ["plan", "amount", "date"],
  renewal_failed: ["plan", "amount", "date"],
  subscription_ended: ["plan"],
  data_export: ["date"],
  deletion_code: ["code"],
  deletion_requested: ["date"],
  purchase: ["contract", "plan", "amount", "date", "performance", "withdrawal", "withdrawalDays"],
  withdrawal_received: ["contract", "plan", "purchased", "date", "amount", "refund"],
  notification_digest: ["digest", "unsubscribe"],
};

/** The values a template may show. All are plain text here; the HTML renderer escapes them. */
interface Values extends MailFacts {
  title: string;
  to: string;
}

export interface TemplateCopy {
  subject: (v: Values) => string;
  heading: (v: Values) => string;
  paragraphs: ((v: Values) => string)[];
  button: (v: Values) => string;
  /** Shown after the button, e.g. "if you did not ask, ignore this". */
  after: ((v: Values) => string)[];
}

interface CommonCopy {
  greeting: string;
  signoff: (v: Values) => string;
  fallbackLink: string;
  /** The product rule for every brand: it cannot be configured away. */
  fictional: (v: Values) => string;
  why: (v: Values) => string;
  vat: string;
  support: string;
  /** Before a link or a value ("Support: ..."); French puts a no-break space before it. */
  colon: string;
}

const common: Record<Locale, CommonCopy> = {
  it: {
    greeting: "Ciao,",
    signoff: (v) => `Il team di ${v.title}`,
    fallbackLink: "Se il pulsante non funziona, copia questo link nel browser:",
    fictional: (v) => `I profili presenti su ${v.title} sono fittizi e gestiti da operatori.`,
    why: (v) => `Ricevi questa e-mail di servizio perché questo indirizzo è stato usato su ${v.title}.`,
    vat: "P. IVA",
    support: "Assistenza",
    colon: ":",
  },
  en: {
    greeting: "Hello,",
    signoff: (v) => `The ${v.title} team`,
    fallbackLink: "If the button does not work, copy this link into your browser:",
    fictional: (v) => `The profiles on ${v.title} are fictional and run by operators.`,
    why: (v) => `You are receiving this service e-mail because this address was used on ${v.title}.`,
    vat: "VAT no.",
    support: "Support",
    colon: ":",
  },
  es: {
    greeting: "Hola:",
    signoff: (v) => `El equipo de ${v.title}`,
    fallbackLink: "Si el botón no funciona, copia este enlace en tu navegador:",
    fictional: (v) => `Los perfiles de ${v.title} son ficticios y están gestionados por operadores.`,
    why: (v) => `Recibes este correo de servicio porque esta dirección se ha utilizado en ${v.title}.`,
    vat: "NIF-IVA",
    support: "Atención al cliente",
    colon: ":",
  },
  fr: {
    greeting: "Bonjour,",
    signoff: (v) => `L’équipe ${v.title}`,
    fallbackLink: "Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:",
    fictional: (v) => `Les profils présents sur ${v.title} sont fictifs et gérés par des opérateurs.`,
    why: (v) => `Vous recevez cet e-mail de service car cette adresse a été utilisée sur ${v.title}.`,
    vat: "N° TVA",
    support: "Service client",
    colon: "\u00a0:",
  },
};

const copy: Record<MailTemplate, Record<Locale, TemplateCopy>> = {
  activation: {
    it: {
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
    en: {
      subject: (v) => `Confirm your e-mail address for ${v.title}`,
      heading: () => "Confirm your e-mail address",
      paragraphs: [
        (v) => `Thank you for signing up to ${v.title}.`,
        (v) => `To activate your account, please confirm that ${v.to} is your e-mail address.`,
      ],
      button: () => "Confirm my address",
      after: [
        (v) =>
          `If you did not sign up to ${v.title}, just ignore this e-mail: nothing happens without your confirmation.`,
      ],
    },
    es: {
      subject: (v) => `Confirma tu dirección de correo electrónico en ${v.title}`,
      heading: () => "Confirma tu dirección de correo electrónico",
      paragraphs: [
        (v) => `Gracias por registrarte en ${v.title}.`,
        (v) => `Para activar tu cuenta, confirma que ${v.to} es tu dirección de correo electrónico.`,
      ],
      button: () => "Confirmar mi dirección",
      after: [
        (v) =>
          `Si no te has registrado en ${v.title}, ignora este correo: sin tu confirmación no ocurrirá nada.`,
      ],
    },
    fr: {
      subject: (v) => `Confirmez votre adresse e-mail sur ${v.title}`,
      heading: () => "Confirmez votre adresse e-mail",
      paragraphs: [
        (v) => `Merci pour votre inscription sur ${v.title}.`,
        (v) => `Pour activer votre compte, veuillez confirmer que ${v.to} est bien votre adresse e-mail.`,
      ],
      button: () => "Confirmer mon adresse",
      after: [
        (v) =>
          `Si vous n’avez pas demandé d’inscription sur ${v.title}, ignorez simplement cet e-mail\u00a0: sans votre confirmation, rien ne se passera.`,
      ],
    },
  },
  reset_password: {
    it: {
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
    en: {
      subject: (v) => `Reset your ${v.title} password`,
      heading: () => "Choose a new password",
      paragraphs: [
        (v) => `We received a request to reset the password of your ${v.title} account.`,
        () =>
          "Use the button below to choose a new one. The link is valid for one hour and can be used only once.",
      ],
      button: () => "Choose a new password",
      after: [() => "If you did not ask for this, ignore this e-mail: your password will stay the same."],
    },
    es: {
      subject: (v) => `Restablece tu contraseña de ${v.title}`,
      heading: () => "Elige una nueva contraseña",
      paragraphs: [
        (v) => `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${v.title}.`,
        () =>
          "Pulsa el botón de abajo para elegir una nueva. El enlace es válido durante una hora y solo se puede usar una vez.",
      ],
      button: () => "Elegir una nueva contraseña",
      after: [() => "Si no lo has solicitado tú, ignora este correo: tu contraseña no cambiará."],
    },
    fr: {
      subject: (v) => `Réinitialisez votre mot de passe ${v.title}`,
      heading: () => "Choisissez un nouveau mot de passe",
      paragraphs: [
        (v) => `Nous avons reçu une demande de réinitialisation du mot de passe de votre compte ${v.title}.`,
        () =>
          "Cliquez sur le bouton ci-dessous pour en choisir un nouveau. Ce lien est valable une heure et ne peut être utilisé qu’une seule fois.",
      ],
      button: () => "Choisir un nouveau mot de passe",
      after: [
        () =>
          "Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u00a0: votre mot de passe restera inchangé.",
      ],
    },
  },
  welcome: {
    it: {
      subject: (v) => `Ti diamo il benvenuto su ${v.title}`,
      heading: (v) => `Ti diamo il benvenuto su ${v.title}!`,
      paragraphs: [
        () => "Il tuo account è attivo.",
        () => "Scopri i profili, invia i tuoi primi messaggi e inizia a chattare.",
      ],
      button: (v) => `Vai su ${v.title}`,
      after: [],
    },
    en: {
      subject: (v) => `Welcome to ${v.title}`,
      heading: (v) => `Welcome to ${v.title}!`,
      paragraphs: [
        () => "Your account is ready.",
        () => "Browse the profiles, send your first messages and start chatting.",
      ],
      button: (v) => `Go to ${v.title}`,
      after: [],
    },
    es: {
      subject: (v) => `Te damos la bienvenida a ${v.title}`,
      heading: (v) => `¡Te damos la bienvenida a ${v.title}!`,
      paragraphs: [
        () => "Tu cuenta ya está activa.",
        () => "Descubre los perfiles, envía tus primeros mensajes y empieza a chatear.",
      ],
      button: (v) => `Ir a ${v.title}`,
      after: [],
    },
    fr: {
      subject: (v) => `Bienvenue sur ${v.title}`,
      heading: (v) => `Bienvenue sur ${v.title}\u00a0!`,
      paragraphs: [
        () => "Votre compte est prêt.",
        () => "Découvrez les profils, envoyez vos premiers messages et commencez à discuter.",
      ],
      button: (v) => `Aller sur ${v.title}`,
      after: [],
    },
  },
  // A supervisor refunded a payment from the console (worker/payments/refund.service.ts): the amount and the
  // plan as facts; the link opens the member's profile, where the receipts are.
  refund: {
    it: {
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
    en: {
      subject: (v) => `Your ${v.title} payment has been refunded`,
      heading: () => "Your payment has been refunded",
      paragraphs: [
        (v) =>
          `We have refunded ${v.amount} for the ${v.plan} plan on ${v.title}. The amount goes back to the payment method you used; your bank may take a few days to show it.`,
        () =>
          "The credits of that purchase have been removed from your account, along with the plan’s benefits.",
      ],
      button: () => "See your receipts",
      after: [() => "If you have any question, write to our support team."],
    },
    es: {
      subject: (v) => `Hemos reembolsado tu pago en ${v.title}`,
      heading: () => "Tu pago ha sido reembolsado",
      paragraphs: [
        (v) =>
          `Hemos reembolsado ${v.amount} por el plan ${v.plan} en ${v.title}. El importe vuelve al método de pago que utilizaste; tu banco puede tardar unos días en mostrarlo.`,
        () => "Los créditos de esa compra se han retirado de tu cuenta, junto con las ventajas del plan.",
      ],
      button: () => "Ver tus recibos",
      after: [() => "Si tienes alguna pregunta, escribe a nuestro equipo de atención al cliente."],
    },
    fr: {
      subject: (v) => `Votre paiement sur ${v.title} a été remboursé`,
      heading: () => "Votre paiement a été remboursé",
      paragraphs: [
        (v) =>
          `Nous avons remboursé ${v.amount} pour la formule ${v.plan} sur ${v.title}. Le montant revient sur le moyen de paiement utilisé\u00a0; votre banque peut mettre quelques jours à l’afficher.`,
        () =>
          "Les crédits de cet achat ont été retirés de votre compte, ainsi que les avantages de la formule.",
      ],
      button: () => "Voir vos reçus",
      after: [() => "Pour toute question, écrivez à notre service client."],
    },
  },
  // The renewal job's outcomes (worker/payments/renewals.service.ts); the link opens the member's profile,
  // where the plan, the next billing date, the receipts and the one-click unsubscribe are.
  renewed: {
    it: {
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
    en: {
      subject: (v) => `Your ${v.title} ${v.plan} plan has renewed`,
      heading: (v) => `${v.plan} plan renewed`,
      paragraphs: [
        (v) => `We charged ${v.amount} to your saved card and added the plan's credits to your account.`,
        (v) =>
          `The next renewal is on ${v.date}. You can unsubscribe at any time with one click on your profile.`,
      ],
      button: () => "Go to your profile",
      after: [],
    },
    es: {
      subject: (v) => `Tu plan ${v.plan} en ${v.title} se ha renovado`,
      heading: (v) => `Plan ${v.plan} renovado`,
      paragraphs: [
        (v) =>
          `Hemos cobrado ${v.amount} en tu tarjeta guardada y añadido los créditos del plan a tu cuenta.`,
        (v) =>
          `La próxima renovación es el ${v.date}. Puedes darte de baja cuando quieras con un clic en tu perfil.`,
      ],
      button: () => "Ir a tu perfil",
      after: [],
    },
    fr: {
      subject: (v) => `Votre formule ${v.plan} sur ${v.title} a été renouvelée`,
      heading: (v) => `Formule ${v.plan} renouvelée`,
      paragraphs: [
        (v) =>
          `Nous avons débité ${v.amount} sur votre carte enregistrée et ajouté les crédits de la formule à votre compte.`,
        (v) =>
          `Le prochain renouvellement a lieu le ${v.date}. Vous pouvez vous désabonner à tout moment en un clic depuis votre profil.`,
      ],
      button: () => "Aller à votre profil",
      after: [],
    },
  },
  renewal_failed: {
    it: {
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
    en: {
      subject: (v) => `${v.title}: we could not renew your ${v.plan} plan`,
      heading: () => "Renewal failed",
      paragraphs: [
        (v) => `Your saved card refused the ${v.amount} charge to renew your ${v.plan} plan.`,
        (v) =>
          `We will try again on ${v.date}; until then your plan stays active. If you do not want it to renew, unsubscribe with one click on your profile.`,
      ],
      button: () => "Go to your profile",
      after: [],
    },
    es: {
      subject: (v) => `${v.title}: no hemos podido renovar tu plan ${v.plan}`,
      heading: () => "Renovación fallida",
      paragraphs: [
        (v) => `Tu tarjeta guardada ha rechazado el cargo de ${v.amount} para renovar tu plan ${v.plan}.`,
        (v) =>
          `Lo intentaremos de nuevo el ${v.date}; hasta entonces tu plan sigue activo. Si no quieres renovarlo, date de baja con un clic en tu perfil.`,
      ],
      button: () => "Ir a tu perfil",
      after: [],
    },
    fr: {
      subject: (v) => `${v.title}\u00a0: nous n’avons pas pu renouveler votre formule ${v.plan}`,
      heading: () => "Échec du renouvellement",
      paragraphs: [
        (v) =>
          `Votre carte enregistrée a refusé le débit de ${v.amount} pour renouveler votre formule ${v.plan}.`,
        (v) =>
          `Nous réessaierons le ${v.date}\u00a0; d’ici là votre formule reste active. Si vous ne souhaitez pas la renouveler, désabonnez-vous en un clic depuis votre profil.`,
      ],
      button: () => "Aller à votre profil",
      after: [],
    },
  },
  subscription_ended: {
    it: {
      subject: (v) => `Il tuo piano ${v.plan} su ${v.title} è terminato`,
      heading: (v) => `Piano ${v.plan} terminato`,
      paragraphs: [
        () => "Il tuo piano non si rinnova più e non ti addebiteremo altro. I crediti che hai restano tuoi.",
        () => "Puoi scegliere un nuovo piano quando vuoi.",
      ],
      button: () => "Vedi i piani",
      after: [],
    },
    en: {
      subject: (v) => `Your ${v.title} ${v.plan} plan has ended`,
      heading: (v) => `${v.plan} plan ended`,
      paragraphs: [
        () => "Your plan no longer renews and we will not charge you again. The credits you have stay yours.",
        () => "You can choose a new plan whenever you like.",
      ],
      button: () => "See the plans",
      after: [],
    },
    es: {
      subject: (v) => `Tu plan ${v.plan} en ${v.title} ha terminado`,
      heading: (v) => `Plan ${v.plan} terminado`,
      paragraphs: [
        () =>
          "Tu plan ya no se renueva y no te cobraremos nada más. Los créditos que tienes siguen siendo tuyos.",
        () => "Puedes elegir un nuevo plan cuando quieras.",
      ],
      button: () => "Ver los planes",
      after: [],
    },
    fr: {
      subject: (v) => `Votre formule ${v.plan} sur ${v.title} est terminée`,
      heading: (v) => `Formule ${v.plan} terminée`,
      paragraphs: [
        () =>
          "Votre formule ne se renouvelle plus et nous ne vous débiterons plus rien. Les crédits que vous avez restent à vous.",
        () => "Vous pouvez choisir une nouvelle formule quand vous le souhaitez.",
      ],
      button: () => "Voir les formules",
      after: [],
    },
  },
  // The contact form (worker/legal) to the brand's customer care, in the brand's language; the button
  // answers the sender (also the mail's Reply-To through Mailgun).
  contact: {
    it: {
      subject: (v) => `${v.title}: messaggio dal modulo contatti`,
      heading: () => "Nuovo messaggio dal modulo contatti",
      paragraphs: [(v) => `Mittente: ${v.sender}`, (v) => `${v.message}`],
      button: () => "Rispondi",
      after: [],
    },
    en: {
      subject: (v) => `${v.title}: message from the contact form`,
      heading: () => "New message from the contact form",
      paragraphs: [(v) => `From: ${v.sender}`, (v) => `${v.message}`],
      button: () => "Reply",
      after: [],
    },
    es: {
      subject: (v) => `${v.title}: mensaje del formulario de contacto`,
      heading: () => "Nuevo mensaje del formulario de contacto",
      paragraphs: [(v) => `Remitente: ${v.sender}`, (v) => `${v.message}`],
      button: () => "Responder",
      after: [],
    },
    fr: {
      subject: (v) => `${v.title}\u00a0: message du formulaire de contact`,
      heading: () => "Nouveau message du formulaire de contact",
      paragraphs: [(v) => `Expéditeur\u00a0: ${v.sender}`, (v) => `${v.message}`],
      button: () => "Répondre",
      after: [],
    },
  },
  ...rightsCopy,
  ...digestCopy,
};

const defaultTheme = {
  primary: "#b3123a",
  primaryText: "#ffffff",
  background: "#f6f6f6",
  surface: "#ffffff",
  text: "#222222",
};

/** Only plain hex colours reach a style attribute; anything else falls back to a neutral theme. */
function theme(brand: Brand) {
  const hex = (value: string | undefined, fallback: string) =>
    value && /^#[0-9a-f]{3,8}$/i.test(value) ? value : fallback;
  const t: Partial<Brand["public"]["tema"]> = brand.public.tema ?? {};
  return {
    primary: hex(t.primary, defaultTheme.primary),
    primaryText: hex(t.primaryText, defaultTheme.primaryText),
    background: hex(t.background, defaultTheme.background),
    surface: hex(t.surface, defaultTheme.surface),
    text: hex(t.text, defaultTheme.text),
  };
}

/**
 * Renders one transactional mail for a brand in a language. `link` must be an absolute http(s) URL (the
 * confirmation, reset or site link) or a mailto: link; it and every brand value are escaped in the HTML part.
 */
export function renderMail(input: {
  brand: Brand;
  template: MailTemplate;
  language: Locale;
  to: string;
  link: string;
  facts?: MailFacts;
}): RenderedMail {
  const { brand, template, language, to, link } = input;
  if (!/^(https?:\/\/|mailto:)\S+$/i.test(link))
    throw new Error("mail links must be absolute http(s) URLs (or mailto: to answer a sender)");
  const missing = (neededFacts[template] ?? []).filter((fact) => !input.facts?.[fact]?.trim());
  if (missing.length > 0) throw new Error(`the ${template} mail needs ${missing.join(", ")}`);
  const b = brand.public;
  const v: Values = { ...input.facts, title: b.title, to };
  const t = copy[template][language];
  const c = common[language];
  const subject = t.subject(v);
  const paragraphs = t.paragraphs.map((p) => p(v));
  const after = t.after.map((p) => p(v));
  const company = `${b.company_name} · ${b.company_address} · ${c.vat} ${b.vat}`;
  const footer = [c.fictional(v), c.why(v), company, `${c.support}${c.colon} ${b.email}`];
  // The withdrawal function (art. 11a), prominent: its own line, labelled as the law words it.
  const withdrawal = input.facts?.withdrawal;
  if (withdrawal !== undefined && !/^https?:\/\/\S+$/i.test(withdrawal))
    throw new Error("the withdrawal link must be an absolute http(s) URL");
  const withdrawIntro = withdrawal ? WITHDRAW_INTRO[language](Number(v.withdrawalDays)) : "";

  const text = [
    t.heading(v),
    "",
    c.greeting,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(withdrawal ? [withdrawIntro, `${WITHDRAW_LABEL[language]}${c.colon} ${withdrawal}`, ""] : []),
    `${t.button(v)}${c.colon} ${link}`,
    ...(after.length ? ["", ...after] : []),
    "",
    c.signoff(v),
    "",
    "--",
    ...footer,
    "",
  ].join("\n");

  const th = theme(brand);
  const e = escapeHtml;
  const href = e(link);
  // A contact message keeps its line breaks.
  const para = (s: string) => `<p style="margin:0 0 16px 0;">${e(s).replaceAll("\n", "<br>")}</p>`;
  const small = (s: string) => `<p style="margin:0 0 6px 0;">${e(s)}</p>`;
  const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${th.background};">
<div style="display:none;max-height:0;overflow:hidden;">${e(t.heading(v))}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${th.background};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:${th.surface};border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:${th.text};font-size:16px;line-height:24px;">
<tr><td style="background-color:${th.primary};color:${th.primaryText};padding:20px 28px;border-radius:8px 8px 0 0;font-size:22px;font-weight:bold;">${e(b.title)}</td></tr>
<tr><td style="padding:28px;">
<h1 style="margin:0 0 20px 0;font-size:22px;line-height:30px;color:${th.text};">${e(t.heading(v))}</h1>
${[c.greeting, ...paragraphs].map(para).join("\n")}
${
  withdrawal
    ? `<div style="margin:0 0 20px 0;padding:14px 16px;border:2px solid ${th.primary};border-radius:6px;">
<p style="margin:0 0 8px 0;">${e(withdrawIntro)}</p>
<p style="margin:0;font-size:18px;font-weight:bold;"><a href="${e(withdrawal)}" style="color:${th.primary};">${e(WITHDRAW_LABEL[language])}</a></p>
</div>`
    : ""
}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;"><tr>
<td style="background-color:${th.primary};border-radius:6px;"><a href="${href}" style="display:inline-block;padding:12px 24px;color:${th.primaryText};text-decoration:none;font-weight:bold;">${e(t.button(v))}</a></td>
</tr></table>
<p style="margin:0 0 4px 0;font-size:13px;line-height:20px;">${e(c.fallbackLink)}</p>
<p style="margin:0 0 20px 0;font-size:13px;line-height:20px;word-break:break-all;"><a href="${href}" style="color:${th.primary};">${href}</a></p>
${after.map(para).join("\n")}
<p style="margin:0;">${e(c.signoff(v))}</p>
</td></tr>
<tr><td style="padding:16px 28px 24px 28px;border-top:1px solid #e5e5e5;font-size:12px;line-height:18px;color:#666666;">
${footer.map(small).join("\n")}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}
