// The mails of the member's rights and of a purchase's contract: the data archive's link, the code and the
// notice of a deletion, the purchase's confirmation (with the withdrawal function) and the withdrawal's
// acknowledgement (EU Directive 2011/83 art. 11a: the contract, the date and the time, at once).
import type { Locale } from "../contracts/locales";
import type { TemplateCopy } from "./templates";

export const rightsTemplates = [
  "data_export",
  "deletion_code",
  "deletion_requested",
  "purchase",
  "withdrawal_received",
] as const;
export type RightsTemplate = (typeof rightsTemplates)[number];

/** The withdrawal function's label, as the law asks it to be worded, in every purchase mail and on the profile. */
export const WITHDRAW_LABEL: Record<Locale, string> = {
  it: "recedi dal contratto qui",
  en: "withdraw from contract here",
  es: "desistir del contrato aquí",
  fr: "se rétracter du contrat ici",
};

/** The sentence before the label in a purchase mail. */
export const WITHDRAW_INTRO: Record<Locale, (days: number) => string> = {
  it: (d) => `Puoi recedere da questo contratto entro ${d} giorni dall’acquisto, senza dare motivazioni:`,
  en: (d) => `You may withdraw from this contract within ${d} days of the purchase, without giving a reason:`,
  es: (d) =>
    `Puedes desistir de este contrato en los ${d} días siguientes a la compra, sin dar ningún motivo:`,
  fr: (d) =>
    `Vous pouvez vous rétracter de ce contrat dans les ${d} jours suivant l’achat, sans donner de motif\u00a0:`,
};

export const rightsCopy: Record<RightsTemplate, Record<Locale, TemplateCopy>> = {
  data_export: {
    it: {
      subject: (v) => `I tuoi dati su ${v.title}`,
      heading: () => "L’archivio dei tuoi dati è pronto",
      paragraphs: [
        () =>
          "Hai chiesto una copia dei tuoi dati: account, profilo, foto, conversazioni, mi piace e visite, pagamenti, consensi e accessi, in un file zip.",
        (v) => `Il link si apre una sola volta ed è valido fino alle ${v.date}.`,
      ],
      button: () => "Scarica i miei dati",
      after: [() => "Se non l’hai chiesto tu, cambia la password e scrivi alla nostra assistenza."],
    },
    en: {
      subject: (v) => `Your data on ${v.title}`,
      heading: () => "Your data archive is ready",
      paragraphs: [
        () =>
          "You asked for a copy of your data: account, profile, photos, conversations, likes and visits, payments, consents and logins, in a zip file.",
        (v) => `The link opens once and works until ${v.date}.`,
      ],
      button: () => "Download my data",
      after: [() => "If you did not ask for it, change your password and write to our support team."],
    },
    es: {
      subject: (v) => `Tus datos en ${v.title}`,
      heading: () => "El archivo con tus datos está listo",
      paragraphs: [
        () =>
          "Pediste una copia de tus datos: cuenta, perfil, fotos, conversaciones, me gusta y visitas, pagos, consentimientos y accesos, en un archivo zip.",
        (v) => `El enlace se abre una sola vez y funciona hasta ${v.date}.`,
      ],
      button: () => "Descargar mis datos",
      after: [() => "Si no lo pediste tú, cambia la contraseña y escribe a atención al cliente."],
    },
    fr: {
      subject: (v) => `Vos données sur ${v.title}`,
      heading: () => "L’archive de vos données est prête",
      paragraphs: [
        () =>
          "Vous avez demandé une copie de vos données\u00a0: compte, profil, photos, conversations, j’aime et visites, paiements, consentements et connexions, dans un fichier zip.",
        (v) => `Le lien s’ouvre une seule fois et reste valable jusqu’à ${v.date}.`,
      ],
      button: () => "Télécharger mes données",
      after: [
        () => "Si vous ne l’avez pas demandé, changez votre mot de passe et écrivez au service client.",
      ],
    },
  },
  deletion_code: {
    it: {
      subject: (v) => `Il tuo codice per eliminare l’account su ${v.title}: ${v.code}`,
      heading: () => "Conferma l’eliminazione dell’account",
      paragraphs: [
        (v) => `Il tuo codice è ${v.code}. Scrivilo nel profilo entro 15 minuti per eliminare l’account.`,
      ],
      button: () => "Apri il profilo",
      after: [() => "Se non l’hai chiesto tu, ignora questa e-mail: senza il codice non succede nulla."],
    },
    en: {
      subject: (v) => `Your code to delete your ${v.title} account: ${v.code}`,
      heading: () => "Confirm the deletion of your account",
      paragraphs: [
        (v) => `Your code is ${v.code}. Enter it on your profile within 15 minutes to delete your account.`,
      ],
      button: () => "Open my profile",
      after: [() => "If you did not ask for it, ignore this e-mail: nothing happens without the code."],
    },
    es: {
      subject: (v) => `Tu código para eliminar la cuenta en ${v.title}: ${v.code}`,
      heading: () => "Confirma la eliminación de tu cuenta",
      paragraphs: [
        (v) =>
          `Tu código es ${v.code}. Escríbelo en tu perfil en los próximos 15 minutos para eliminar la cuenta.`,
      ],
      button: () => "Abrir mi perfil",
      after: [() => "Si no lo pediste tú, ignora este correo: sin el código no pasa nada."],
    },
    fr: {
      subject: (v) => `Votre code pour supprimer votre compte ${v.title}\u00a0: ${v.code}`,
      heading: () => "Confirmez la suppression de votre compte",
      paragraphs: [
        (v) =>
          `Votre code est ${v.code}. Saisissez-le sur votre profil dans les 15 minutes pour supprimer votre compte.`,
      ],
      button: () => "Ouvrir mon profil",
      after: [
        () => "Si vous ne l’avez pas demandé, ignorez cet e-mail\u00a0: rien ne se passe sans le code.",
      ],
    },
  },
  deletion_requested: {
    it: {
      subject: (v) => `Il tuo account su ${v.title} sarà eliminato il ${v.date}`,
      heading: () => "Abbiamo ricevuto la tua richiesta di eliminazione",
      paragraphs: [
        () =>
          "Il tuo account è stato sospeso: non è più visibile, non ricevi più notifiche e nessun piano si rinnova.",
        (v) =>
          `Il ${v.date} cancelleremo i tuoi dati. Conserviamo solo le registrazioni dei pagamenti, senza dati che ti identifichino, per i 10 anni richiesti dalla legge fiscale.`,
        (v) => `Hai cambiato idea? Accedi prima del ${v.date} e il tuo account tornerà come prima.`,
      ],
      button: () => "Accedi e mantieni l’account",
      after: [],
    },
    en: {
      subject: (v) => `Your ${v.title} account will be deleted on ${v.date}`,
      heading: () => "We have received your deletion request",
      paragraphs: [
        () =>
          "Your account has been stopped: it is no longer visible, you get no notifications and no plan renews.",
        (v) =>
          `On ${v.date} we will erase your data. We keep only the payment records, with nothing that identifies you, for the 10 years tax law requires.`,
        (v) => `Changed your mind? Log in before ${v.date} and your account comes back as it was.`,
      ],
      button: () => "Log in and keep my account",
      after: [],
    },
    es: {
      subject: (v) => `Tu cuenta en ${v.title} se eliminará el ${v.date}`,
      heading: () => "Hemos recibido tu solicitud de eliminación",
      paragraphs: [
        () =>
          "Tu cuenta se ha suspendido: ya no es visible, no recibes notificaciones y ningún plan se renueva.",
        (v) =>
          `El ${v.date} borraremos tus datos. Solo conservamos los registros de pago, sin nada que te identifique, durante los 10 años que exige la ley fiscal.`,
        (v) =>
          `¿Has cambiado de idea? Inicia sesión antes del ${v.date} y tu cuenta volverá a estar como antes.`,
      ],
      button: () => "Entrar y conservar la cuenta",
      after: [],
    },
    fr: {
      subject: (v) => `Votre compte ${v.title} sera supprimé le ${v.date}`,
      heading: () => "Nous avons reçu votre demande de suppression",
      paragraphs: [
        () =>
          "Votre compte est suspendu\u00a0: il n’est plus visible, vous ne recevez plus de notifications et aucune formule ne se renouvelle.",
        (v) =>
          `Le ${v.date}, nous effacerons vos données. Nous ne gardons que les enregistrements de paiement, sans rien qui vous identifie, pendant les 10 ans exigés par la loi fiscale.`,
        (v) =>
          `Vous avez changé d’avis\u00a0? Connectez-vous avant le ${v.date} et votre compte redevient comme avant.`,
      ],
      button: () => "Me connecter et garder mon compte",
      after: [],
    },
  },
  purchase: {
    it: {
      subject: (v) => `Conferma del tuo acquisto su ${v.title}: ${v.plan}`,
      heading: () => "Grazie per il tuo acquisto",
      paragraphs: [
        (v) => `Contratto n. ${v.contract}: ${v.plan}, ${v.amount}, pagato il ${v.date}.`,
        (v) => `${v.performance}`,
      ],
      button: () => "Vedi le tue ricevute",
      after: [],
    },
    en: {
      subject: (v) => `Your ${v.title} purchase: ${v.plan}`,
      heading: () => "Thank you for your purchase",
      paragraphs: [
        (v) => `Contract no. ${v.contract}: ${v.plan}, ${v.amount}, paid on ${v.date}.`,
        (v) => `${v.performance}`,
      ],
      button: () => "See your receipts",
      after: [],
    },
    es: {
      subject: (v) => `Confirmación de tu compra en ${v.title}: ${v.plan}`,
      heading: () => "Gracias por tu compra",
      paragraphs: [
        (v) => `Contrato n.º ${v.contract}: ${v.plan}, ${v.amount}, pagado el ${v.date}.`,
        (v) => `${v.performance}`,
      ],
      button: () => "Ver tus recibos",
      after: [],
    },
    fr: {
      subject: (v) => `Confirmation de votre achat sur ${v.title}\u00a0: ${v.plan}`,
      heading: () => "Merci pour votre achat",
      paragraphs: [
        (v) => `Contrat n° ${v.contract}\u00a0: ${v.plan}, ${v.amount}, payé le ${v.date}.`,
        (v) => `${v.performance}`,
      ],
      button: () => "Voir vos reçus",
      after: [],
    },
  },
  withdrawal_received: {
    it: {
      subject: (v) => `Recesso ricevuto: contratto n. ${v.contract} su ${v.title}`,
      heading: () => "Abbiamo ricevuto il tuo recesso",
      paragraphs: [
        (v) => `Contratto: n. ${v.contract}, ${v.plan}, acquistato il ${v.purchased}.`,
        (v) => `Recesso ricevuto il ${v.date}.`,
        (v) => `Rimborso: ${v.amount}, sul metodo di pagamento che hai usato, entro 14 giorni. ${v.refund}`,
      ],
      button: () => "Vedi le tue ricevute",
      after: [() => "Conserva questa e-mail: è la conferma del tuo recesso."],
    },
    en: {
      subject: (v) => `Withdrawal received: contract no. ${v.contract} on ${v.title}`,
      heading: () => "We have received your withdrawal",
      paragraphs: [
        (v) => `Contract: no. ${v.contract}, ${v.plan}, bought on ${v.purchased}.`,
        (v) => `Withdrawal received on ${v.date}.`,
        (v) => `Refund: ${v.amount}, to the payment method you used, within 14 days. ${v.refund}`,
      ],
      button: () => "See your receipts",
      after: [() => "Keep this e-mail: it confirms your withdrawal."],
    },
    es: {
      subject: (v) => `Desistimiento recibido: contrato n.º ${v.contract} en ${v.title}`,
      heading: () => "Hemos recibido tu desistimiento",
      paragraphs: [
        (v) => `Contrato: n.º ${v.contract}, ${v.plan}, comprado el ${v.purchased}.`,
        (v) => `Desistimiento recibido el ${v.date}.`,
        (v) =>
          `Reembolso: ${v.amount}, al método de pago que utilizaste, en un plazo de 14 días. ${v.refund}`,
      ],
      button: () => "Ver tus recibos",
      after: [() => "Guarda este correo: confirma tu desistimiento."],
    },
    fr: {
      subject: (v) => `Rétractation reçue\u00a0: contrat n° ${v.contract} sur ${v.title}`,
      heading: () => "Nous avons reçu votre rétractation",
      paragraphs: [
        (v) => `Contrat\u00a0: n° ${v.contract}, ${v.plan}, acheté le ${v.purchased}.`,
        (v) => `Rétractation reçue le ${v.date}.`,
        (v) =>
          `Remboursement\u00a0: ${v.amount}, sur le moyen de paiement utilisé, sous 14 jours. ${v.refund}`,
      ],
      button: () => "Voir vos reçus",
      after: [() => "Gardez cet e-mail\u00a0: il confirme votre rétractation."],
    },
  },
};
