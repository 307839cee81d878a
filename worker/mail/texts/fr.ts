// The transactional mails in French: the same content as texts/en.ts (keep them in step).
import type { MailTexts } from "../templates";

export const fr: MailTexts = {
  common: {
    greeting: "Bonjour,",
    signoff: (v) => `L’équipe ${v.title}`,
    fallbackLink: "Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:",
    fictional: (v) => `Les profils présents sur ${v.title} sont fictifs et gérés par des opérateurs.`,
    why: (v) => `Vous recevez cet e-mail de service car cette adresse a été utilisée sur ${v.title}.`,
    vat: "N° TVA",
    support: "Service client",
    colon: "\u00a0:",
  },
  templates: {
    activation: {
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
    reset_password: {
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
    welcome: {
      subject: (v) => `Bienvenue sur ${v.title}`,
      heading: (v) => `Bienvenue sur ${v.title}\u00a0!`,
      paragraphs: [
        () => "Votre compte est prêt.",
        () => "Découvrez les profils, envoyez vos premiers messages et commencez à discuter.",
      ],
      button: (v) => `Aller sur ${v.title}`,
      after: [],
    },
    refund: {
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
    renewed: {
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
    renewal_failed: {
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
    subscription_ended: {
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
    contact: {
      subject: (v) => `${v.title}\u00a0: message du formulaire de contact`,
      heading: () => "Nouveau message du formulaire de contact",
      paragraphs: [(v) => `Expéditeur\u00a0: ${v.sender}`, (v) => `${v.message}`],
      button: () => "Répondre",
      after: [],
    },
  },
};
