// The legal pages in French: the same content as texts/en.ts (keep the two in step).
import type { LegalCopy } from "../legal-copy";

export const fr: LegalCopy = {
  sample:
    "Texte d’exemple\u00a0: {title} affiche ce modèle jusqu’à ce que la marque le remplace par le sien, vérifié par ses juristes.",
  fictional:
    "Les profils présents sur {title} sont fictifs et gérés par des opérateurs\u00a0; le service est un divertissement pour adultes (18+).",
  company: "{company} · {address} · N° TVA {vat} · [{email}](mailto:{email}) · [{tel}]({telHref})",
  pages: {
    faq: [
      { h: "Qu’est-ce que {title}\u00a0?" },
      {
        p: "{title} est un service de chat en ligne pour adultes (18+)\u00a0: vous parcourez des profils, les likez, les visitez et discutez avec eux.",
      },
      { h: "Les profils sont-ils de vraies personnes\u00a0?" },
      {
        p: "Non. Les profils sont fictifs et gérés par des opérateurs, parfois avec des réponses automatiques. Les personnes montrées ne peuvent pas être rencontrées, et rien de ce qui est écrit dans un chat n’est une promesse de rencontre.",
      },
      { h: "Est-ce gratuit\u00a0?" },
      {
        p: "L’inscription est gratuite et comprend quelques messages offerts. Pour écrire davantage, vous achetez des crédits ou une formule\u00a0: voir [les fonctionnalités](/legal/features) et [les conditions](/legal/terms).",
      },
      { h: "Pourquoi certaines réponses sont-elles floues\u00a0?" },
      {
        p: "Les réponses sont floues pour les profils gratuits qui n’ont pas vérifié de numéro de mobile. La vérification avec le code que nous vous envoyons par SMS, ou une formule payante, les affiche en entier.",
      },
      { h: "Comment résilier une formule\u00a0?" },
      {
        p: "Les formules VIP se renouvellent automatiquement jusqu’à leur résiliation. Résiliez à tout moment sur la [page de désabonnement](/unsubscribe), avec le bouton de désabonnement de votre [profil](/profile) ou en écrivant au service client à {email}. Ce que vous avez payé reste acquis jusqu’à la fin de la période.",
      },
      { h: "Comment fermer mon profil\u00a0?" },
      {
        p: "Sur votre [profil](/profile), vous pouvez le désactiver depuis le menu des réglages (il est masqué\u00a0; réactivation uniquement par le service client) ou supprimer votre compte dans Vos données et votre vie privée\u00a0: il s’arrête aussitôt et est effacé 30 jours plus tard, sauf si vous vous connectez avant. Vous pouvez aussi y télécharger toutes vos données.",
      },
      { h: "L’e-mail d’activation n’est pas arrivé" },
      {
        p: "Il peut mettre jusqu’à 5 minutes. Regardez dans les spams\u00a0; la fenêtre qui vous demande de confirmer l’adresse permet aussi de la corriger.",
      },
      { h: "Comment vous contacter\u00a0?" },
      { p: "Écrivez à {email}, appelez le {tel} ou utilisez le [formulaire de contact](/contactUs)." },
    ],
    features: [
      { h: "Ce que vous pouvez faire sur {title}" },
      {
        ul: [
          "Chercher des profils par région et par ville.",
          "Match\u00a0: faire défiler les profils pour les liker ou passer.",
          "Envoyer des J’aime et visiter des profils, et voir qui vous a envoyé un J’aime ou rendu visite dans Alertes.",
          "Discuter en temps réel, avec des alertes par e-mail, Telegram ou push quand vous êtes absent.",
          "Donner à votre profil une photo, une description et ce que vous recherchez.",
        ],
      },
      { h: "Gratuit et payant" },
      {
        p: "Un profil gratuit reçoit quelques crédits pour briser la glace et pour les messages. Les packs de crédits ajoutent des messages\u00a0; les formules VIP ajoutent des messages à chaque période et se renouvellent automatiquement (voir [les conditions](/legal/terms)). Les prix sont indiqués sur la page des formules avant le paiement.",
      },
      { h: "Sécurité" },
      {
        p: "Les paiements passent par des prestataires de paiement certifiés\u00a0: {title} ne voit ni ne conserve le numéro de votre carte. Si vous vérifiez votre numéro de mobile, il n’est jamais montré à personne.",
      },
    ],
    privacy: [
      { h: "Qui est responsable de vos données" },
      {
        p: "Le responsable du traitement est {company}, {address}, N° TVA {vat}. Contact\u00a0: {email}, {tel}.",
      },
      { h: "Ce que nous conservons, et pourquoi" },
      {
        ul: [
          "Compte\u00a0: adresse e-mail, mot de passe (uniquement sous forme de hachage irréversible), âge, qui vous êtes et qui vous cherchez, région et ville, et l’identifiant de votre compte Google si vous vous connectez avec Google. Pour gérer votre compte et vous montrer des profils proches de vous.",
          "Profil\u00a0: nom d’utilisateur, description, ce que vous recherchez, tranche d’âge préférée et les photos que vous envoyez. Pour afficher et modifier votre profil.",
          "Consentements\u00a0: chaque case de l’inscription, cochée ou non, et chaque changement ultérieur sur votre profil, avec l’heure et la version de son texte. Les conditions et la déclaration de majorité sont obligatoires\u00a0; les deux consentements marketing (promotions, communication à des tiers) sont facultatifs et se modifient à tout moment sur votre profil. Pour prouver ce que vous avez accepté et respecter ce que vous avez refusé.",
          "Chats\u00a0: vos messages, J’aime, visites, invitations et alertes, avec leurs heures. Pour faire fonctionner le service. Les opérateurs lisent vos messages et votre profil pour répondre au nom du profil auquel vous écrivez.",
          "Numéro de mobile, seulement si vous le vérifiez, et le code que nous vous envoyons (conservé uniquement sous forme de hachage avec clé). Pour vérifier votre profil et garder un numéro par profil.",
          "Paiements\u00a0: formule, montant, statut et dates, le réseau et les quatre derniers chiffres de la carte, et le jeton de carte conservé par le prestataire de paiement (jamais le numéro de la carte ni son cryptogramme). Pour les reçus, les renouvellements, les remboursements et les obligations comptables.",
          "Crédits\u00a0: chaque variation de votre solde, pour qu’il soit toujours juste.",
          "Données techniques\u00a0: adresse IP, nom du navigateur, un identifiant aléatoire de votre navigateur, comment vous êtes arrivé (source, campagne) et des événements d’utilisation (un profil vu, un lien d’e-mail ouvert). Pour la sécurité (limites des inscriptions et connexions), la prévention de la fraude et les statistiques.",
          "Alertes\u00a0: vos choix pour l’e-mail, Telegram et le push, avec l’id Telegram ou le jeton push si vous les activez. Pour vous envoyer ce que vous avez demandé.",
          "E-mails\u00a0: quels e-mails de service vous ont été envoyés et quand, et les adresses qui ont demandé à ne plus en recevoir.",
        ],
      },
      { h: "Qui d’autre les traite" },
      {
        p: "Des sous-traitants agissant sur nos instructions\u00a0: hébergement et base de données (Cloudflare, Neon), e-mail (Mailgun), SMS (Twilio), le prestataire de paiement que vous choisissez (réseaux de cartes, PayPal, Apple Pay, Google Pay et autres) et Google si vous vous connectez avec Google. Nous ne vendons pas vos données\u00a0; nous les communiquons à des tiers pour leurs propres communications seulement si vous avez coché ce consentement.",
      },
      { h: "Combien de temps" },
      {
        ul: [
          "Votre compte et tout ce qu’il contient\u00a0: jusqu’à ce que vous le supprimiez. La suppression l’arrête aussitôt\u00a0; 30 jours plus tard il est effacé, photos comprises, sauf si vous vous connectez avant, ce qui le rétablit.",
          "Enregistrements de paiement (commandes, paiements, remboursements, rétractations, mouvements de crédits)\u00a0: 10 ans après le paiement, comme l’exige la loi fiscale\u00a0; après un effacement ils sont gardés sans rien qui vous identifie, puis supprimés.",
          "Événements d’utilisation\u00a0: 365 jours. La liste des e-mails de service envoyés\u00a0: 90 jours.",
          "Les notifications que nous vous avons envoyées (laquelle, quand, sur quel canal, si vous l’avez ouverte)\u00a0: 180 jours.",
          "Codes du téléphone, codes de suppression et liens vers l’archive de vos données\u00a0: supprimés 1 jour après leur expiration.",
          "Un compte dont l’inscription demandait de confirmer l’e-mail, jamais confirmé, sans paiement et inutilisé depuis 30 jours\u00a0: effacé.",
          "Le journal d’activité des opérateurs, y compris chaque étape d’une suppression ou d’une rétractation\u00a0: 3 ans.",
          "Les adresses qui ont demandé à ne plus recevoir d’e-mails\u00a0: aussi longtemps que nécessaire pour le respecter.",
        ],
      },
      { h: "Vos droits" },
      {
        p: "Sur votre [profil](/profile), dans Vos données et votre vie privée, vous pouvez télécharger toutes vos données dans un zip (compte, profil, photos, conversations, j’aime et visites, paiements et reçus, consentements, connexions), donner ou retirer les consentements marketing et supprimer votre compte. Vous corrigez vos données en modifiant votre profil. Pour tout le reste (limiter un usage ou vous y opposer), écrivez à {email}. Vous pouvez aussi saisir la CNIL ou votre autorité de protection des données. Les cookies et le stockage du navigateur sont décrits dans la [politique cookies](/legal/cookie).",
      },
    ],
    cookie: [
      { h: "Cookies et stockage du navigateur" },
      {
        p: "{title} utilise des cookies techniques et le stockage de votre navigateur pour faire fonctionner le service\u00a0; ils ne demandent pas de consentement. Le bandeau demande votre accord pour deux autres catégories, désactivées tant que vous ne les autorisez pas et modifiables à tout moment depuis «\u00a0Préférences cookies\u00a0» en bas de chaque page\u00a0: mesure d’audience (aucun outil de mesure n’est utilisé aujourd’hui) et marketing (les pixels des partenaires publicitaires de la marque, qui indiquent à un partenaire que vous vous êtes inscrit ou avez tenté un paiement). Votre choix est aussi conservé sur notre serveur avec sa date, pour l’afficher sur votre profil.",
      },
      { h: "Les cookies" },
      {
        ul: [
          "google_oauth\u00a0: seulement quand vous vous connectez avec Google, pendant 10 minutes, pour vérifier que la réponse de Google correspond à votre connexion (HttpOnly, ce site uniquement).",
          "cc_cookie\u00a0: votre choix de cookies (les catégories autorisées et quand), pendant 6 mois.",
        ],
      },
      {
        p: "Si vous autorisez le marketing, les pixels des partenaires peuvent déposer leurs propres cookies, décrits dans leurs politiques.",
      },
      { h: "Local storage" },
      {
        p: "Ces entrées restent dans votre navigateur jusqu’à ce que vous effaciez les données de ce site (la session se termine aussi à la déconnexion)\u00a0:",
      },
      {
        ul: [
          "token\u00a0: votre session, pour rester connecté.",
          "trackerId, source, campid, remarketing_clickid, landedTime\u00a0: l’id public de votre profil et comment vous êtes arrivé sur le site (lien, campagne, heure).",
          "fingerprint\u00a0: un identifiant aléatoire que ce site donne à votre navigateur (non lu sur votre appareil), pour limiter les inscriptions répétées.",
          "country, city, ua\u00a0: le pays du site, la ville choisie et le nom de votre navigateur, envoyés à l’inscription et à la connexion.",
          "dispenserSeed, dispenserSeedTime, page\u00a0: l’ordre des résultats de recherche (renouvelé toutes les 30 minutes) et la page où vous étiez.",
          "like, avatar, profiliVisitati, messaggiNonLetti\u00a0: les profils auxquels vous avez envoyé un J’aime et ceux que vous avez visités, votre photo et vos messages non lus, affichés tout de suite à la visite suivante.",
          "notificheInPending, tipologiaNotifica, socketId, softwareVersion, outbox\u00a0: les alertes reçues quand l’onglet était masqué, la connexion en temps réel, la version de l’application et les messages que le serveur n’a pas encore confirmés, pour que rien ne se perde avec une mauvaise connexion.",
          "cookiePolicy\u00a0: votre choix de cookies, tel que l’application le lit.",
          "pushSentAt, pushEndpoint\u00a0: quand l’abonnement push de ce navigateur nous a été envoyé pour la dernière fois, et son adresse, pour le renouveler après 7 jours.",
          "channelPopupAt\u00a0: quand vous avez répondu pour la dernière fois à la fenêtre qui propose les canaux de notification.",
        ],
      },
      { h: "Session storage" },
      {
        ul: [
          "mollieReference\u00a0: pendant un paiement par redirection, la référence de ce paiement, jusqu’à la fermeture de l’onglet.",
        ],
      },
      { h: "Autres sites" },
      {
        p: "Les pages de paiement des prestataires (3-D Secure, PayPal, Mollie et autres) et la page de connexion de Google sont d’autres sites, avec leurs propres cookies et politiques.",
      },
      { h: "Comment les supprimer" },
      {
        p: "Effacez les données de ce site dans les réglages de votre navigateur\u00a0: le service se comportera comme lors d’une première visite. Voir aussi la [politique de confidentialité](/legal/privacy).",
      },
    ],
    terms: [
      { h: "Le service" },
      {
        p: "{title} ({domain}) est fourni par {company}, {address}, N° TVA {vat}. En vous inscrivant, vous acceptez ces conditions et la [politique de confidentialité](/legal/privacy).",
      },
      { h: "Des profils fictifs" },
      {
        p: "Les profils présents sur {title} sont fictifs et gérés par des opérateurs, parfois avec des réponses automatiques. Le service est un divertissement\u00a0: les personnes montrées ne peuvent pas être rencontrées, et rien de ce qui est écrit dans un chat n’est une promesse de rencontre.",
      },
      { h: "Qui peut l’utiliser" },
      {
        p: "Adultes uniquement (18+), un compte par personne. N’envoyez ni insultes, ni menaces, ni contenus illicites, ni données personnelles d’autrui\u00a0: un compte qui le fait peut être désactivé.",
      },
      { h: "Crédits et prix" },
      {
        p: "Les messages coûtent des crédits. Le prix de chaque pack et de chaque formule est affiché avant le paiement. Les packs de crédits sont des achats uniques et ne se renouvellent pas.",
      },
      { h: "Les formules se renouvellent automatiquement" },
      {
        p: "Les formules VIP sont des abonnements\u00a0: elles se renouvellent automatiquement tous les 30 jours au prix affiché lors de l’achat, débité sur la carte enregistrée auprès du prestataire de paiement, jusqu’à leur résiliation. Chaque renouvellement ajoute les crédits de la formule et est confirmé par e-mail. Si un renouvellement est refusé, nous réessayons 1, 3 et 7 jours plus tard\u00a0; ensuite la formule prend fin.",
      },
      { h: "Comment résilier" },
      {
        ul: [
          "sur la [page de désabonnement](/unsubscribe)\u00a0;",
          "avec le bouton de désabonnement de votre [profil](/profile)\u00a0;",
          "ou par le service client\u00a0: {email}, {tel}.",
        ],
      },
      {
        p: "La résiliation arrête aussitôt les renouvellements suivants. Ce que vous avez payé reste actif jusqu’à la fin de la période en cours, et vos crédits restent à vous.",
      },
      { h: "Remboursements" },
      {
        p: "Si vous n’êtes pas satisfait, écrivez au service client. Un paiement remboursé retire les crédits et les avantages qu’il avait achetés.",
      },
      { h: "Droit de rétractation (14 jours)" },
      {
        p: "Vous pouvez vous rétracter d’un achat dans les 14 jours, sans donner de motif, avec «\u00a0se rétracter du contrat ici\u00a0» dans la section paiements de votre [profil](/profile) ou dans l’e-mail de confirmation de l’achat. Vous confirmez dans une seconde étape et nous vous envoyons aussitôt par e-mail un accusé avec le contrat, la date et l’heure. Nous vous remboursons sous 14 jours, sur le moyen de paiement utilisé.",
      },
      {
        p: "Au paiement, vous pouvez demander que le service commence tout de suite. Pour une formule VIP, si vous vous rétractez ensuite, nous remboursons le prix des jours de la période non utilisés (un jour commencé compte comme utilisé). Pour un pack de crédits, demander les crédits tout de suite signifie reconnaître perdre le droit de rétractation pour les crédits utilisés\u00a0: si vous vous rétractez, nous remboursons le prix des crédits non utilisés (ceux du pack comptent comme les derniers utilisés) et les retirons de votre compte. Si vous n’avez pas demandé que le service commence tout de suite, nous remboursons le prix entier.",
      },
      { h: "Fermer votre profil" },
      {
        p: "Vous pouvez désactiver votre profil à tout moment depuis son menu de réglages\u00a0; une formule VIP en cours est résiliée avec lui\u00a0; la réactivation passe uniquement par le service client. Vous pouvez aussi supprimer votre compte depuis votre profil\u00a0: il s’arrête aussitôt et est effacé 30 jours plus tard, sauf si vous vous connectez avant (voir la [politique de confidentialité](/legal/privacy)).",
      },
      { h: "Modifications et contact" },
      {
        p: "Nous vous préviendrons par e-mail avant toute modification de ces conditions qui concerne une formule payante. Questions\u00a0: {email}, {tel} ou le [formulaire de contact](/contactUs).",
      },
    ],
  },
};
