// The member's rights' texts (web/features/own-profile's privacy and withdrawal sections, the sign-up's optional
// consents, the checkout's request for immediate performance, the login's restored account and the console's
// view of the requests) in the four languages. "withdraw from contract here" is worded as the law asks.
const en = {
  signup_facoltativo: "(optional)",
  recesso_consenso_crediti:
    "I ask for the credits to be available at once and I acknowledge that I lose my right of withdrawal for the credits I use (optional: without it, withdrawing within 14 days refunds the whole price).",
  recesso_consenso_piano:
    "I ask for the plan to start at once; if I withdraw within 14 days I pay for the days used (optional: without it, withdrawing refunds the whole price).",
  recesso_titolo: "Withdraw from a purchase",
  recesso_spiegazione:
    "You may withdraw from a purchase within {days} days without giving a reason. We confirm it at once by e-mail and refund you within 14 days.",
  recesso_funzione: "withdraw from contract here",
  recesso_contratto: "contract no. {contract}",
  recesso_acquistato: "Bought on {date}",
  recesso_entro: "until {date}",
  recesso_rimborso_intero: "If you withdraw, we refund the whole price: {amount}.",
  recesso_rimborso_giorni:
    "If you withdraw now, we refund {amount}: you have used {used} of the plan's {days} days.",
  recesso_rimborso_crediti:
    "If you withdraw now, we refund {amount} for the credits you have not used ({used} of {credits} used) and take them off your account.",
  recesso_conferma_titolo: "Confirm your withdrawal",
  recesso_conferma_testo:
    "You withdraw from contract no. {contract} ({plan}). We will refund {amount} to the payment method you used.",
  recesso_conferma: "Confirm the withdrawal",
  recesso_annulla: "Keep the purchase",
  recesso_ricevuto:
    "Withdrawal received on {date}: {amount} is being refunded. The confirmation is in your e-mail.",
  recesso_rimborsato: "Withdrawal received on {date}: {amount} refunded. The confirmation is in your e-mail.",
  recesso_crediti_usati: "All the credits of this purchase are used: the right of withdrawal has ended.",
  recesso_non_disponibile: "This purchase can no longer be withdrawn from.",
  recesso_scaduto: "The 14 days are over: this purchase can no longer be withdrawn from.",
  recesso_expired: "The 14 days are over: this purchase can no longer be withdrawn from.",
  recesso_all_used: "All the credits of this purchase are used: the right of withdrawal has ended.",
  recesso_refunded: "This purchase has already been refunded.",
  recesso_not_paid: "This purchase was not paid.",
  privacy_titolo: "Your data and privacy",
  privacy_consensi: "Marketing",
  privacy_consensi_spiegazione: "Optional: the service works the same either way. Change them at any time.",
  privacy_consensi_salvati: "Your choice has been saved.",
  dati_titolo: "Download my data",
  dati_spiegazione:
    "A zip with your account, profile, photos, conversations, likes, visits, payments, consents and logins, made now. The link opens once and we e-mail it to you too ({count} a day at most).",
  dati_scarica: "Download my data",
  dati_pronti: "Your archive is downloading. We also e-mailed you the link, which opens once until {time}.",
  dati_troppi: "You have asked for your data several times today: try again tomorrow.",
  dati_link_scaduto: "That link has already been used or has expired: ask for a new archive.",
  elimina_titolo: "Delete my account",
  elimina_spiegazione:
    "Your account stops at once and is erased after {days} days; logging in before then keeps it. Payment records are kept 10 years for tax law, with nothing that identifies you.",
  elimina_bottone: "Delete my account",
  elimina_conferma_titolo: "Delete your account?",
  elimina_conferma_testo:
    "Your profile disappears at once, your sessions end, no plan renews and no notification reaches you. In {days} days we erase your data; log in before then to keep your account.",
  elimina_password: "Your password",
  elimina_invia_codice: "Send me a code by e-mail",
  elimina_codice_inviato: "Code sent: send another",
  elimina_codice: "Code from the e-mail",
  elimina_conferma: "Delete my account",
  elimina_annulla: "Keep my account",
  elimina_fatto_titolo: "Your account is deleted",
  elimina_fatto_testo: "We will erase your data on {date}. If you change your mind, log in before then.",
  elimina_password_errata: "The password is not right.",
  elimina_codice_errato: "The code is not right or has expired.",
  elimina_codice_troppi: "Too many wrong codes: ask for a new one.",
  account_ripristinato_titolo: "Welcome back",
  account_ripristinato:
    "You had asked to delete your account: logging in has cancelled it, and your account is as it was.",
  ops_nav_rights: "Rights",
  ops_rights_title: "Members' rights",
  ops_rights_deletions: "Deletion requests",
  ops_rights_withdrawals: "Withdrawals",
  ops_rights_account: "Account",
  ops_rights_requested: "Requested",
  ops_rights_due: "Erasure due",
  ops_rights_state: "State",
  ops_rights_pending: "Grace period",
  ops_rights_overdue: "Overdue",
  ops_rights_erased: "Erased",
  ops_rights_payment: "Payment",
  ops_rights_refund: "Refund",
  ops_rights_refund_due: "Refund due by",
  ops_rights_received: "Received",
  ops_rights_refunded: "Refunded",
  ops_rights_refund_failed: "Refund by hand",
  ops_rights_none: "None.",
} as const;

type Texts = Record<keyof typeof en, string>;

const it: Texts = {
  signup_facoltativo: "(facoltativo)",
  recesso_consenso_crediti:
    "Chiedo che i crediti siano disponibili subito e riconosco di perdere il diritto di recesso per i crediti che uso (facoltativo: senza, recedendo entro 14 giorni ti rimborsiamo l’intero prezzo).",
  recesso_consenso_piano:
    "Chiedo che il piano inizi subito; se recedo entro 14 giorni pago i giorni usati (facoltativo: senza, recedendo ti rimborsiamo l’intero prezzo).",
  recesso_titolo: "Recedi da un acquisto",
  recesso_spiegazione:
    "Puoi recedere da un acquisto entro {days} giorni senza dare motivazioni. Te lo confermiamo subito via e-mail e ti rimborsiamo entro 14 giorni.",
  recesso_funzione: "recedi dal contratto qui",
  recesso_contratto: "contratto n. {contract}",
  recesso_acquistato: "Acquistato il {date}",
  recesso_entro: "fino al {date}",
  recesso_rimborso_intero: "Se recedi, ti rimborsiamo l’intero prezzo: {amount}.",
  recesso_rimborso_giorni:
    "Se recedi ora, ti rimborsiamo {amount}: hai usato {used} dei {days} giorni del piano.",
  recesso_rimborso_crediti:
    "Se recedi ora, ti rimborsiamo {amount} per i crediti non usati ({used} usati su {credits}) e li togliamo dal tuo account.",
  recesso_conferma_titolo: "Conferma il recesso",
  recesso_conferma_testo:
    "Recedi dal contratto n. {contract} ({plan}). Ti rimborseremo {amount} sul metodo di pagamento usato.",
  recesso_conferma: "Conferma il recesso",
  recesso_annulla: "Mantieni l’acquisto",
  recesso_ricevuto:
    "Recesso ricevuto il {date}: rimborso di {amount} in corso. La conferma è nella tua e-mail.",
  recesso_rimborsato: "Recesso ricevuto il {date}: {amount} rimborsati. La conferma è nella tua e-mail.",
  recesso_crediti_usati: "Tutti i crediti di questo acquisto sono usati: il diritto di recesso è terminato.",
  recesso_non_disponibile: "Non è più possibile recedere da questo acquisto.",
  recesso_scaduto: "I 14 giorni sono passati: non è più possibile recedere da questo acquisto.",
  recesso_expired: "I 14 giorni sono passati: non è più possibile recedere da questo acquisto.",
  recesso_all_used: "Tutti i crediti di questo acquisto sono usati: il diritto di recesso è terminato.",
  recesso_refunded: "Questo acquisto è già stato rimborsato.",
  recesso_not_paid: "Questo acquisto non è stato pagato.",
  privacy_titolo: "I tuoi dati e la privacy",
  privacy_consensi: "Marketing",
  privacy_consensi_spiegazione:
    "Facoltativi: il servizio funziona allo stesso modo. Puoi cambiarli quando vuoi.",
  privacy_consensi_salvati: "La tua scelta è stata salvata.",
  dati_titolo: "Scarica i miei dati",
  dati_spiegazione:
    "Uno zip con account, profilo, foto, conversazioni, mi piace, visite, pagamenti, consensi e accessi, creato ora. Il link si apre una volta e te lo mandiamo anche via e-mail (al massimo {count} al giorno).",
  dati_scarica: "Scarica i miei dati",
  dati_pronti:
    "Il download è iniziato. Ti abbiamo mandato il link anche via e-mail: si apre una volta, fino alle {time}.",
  dati_troppi: "Hai chiesto i tuoi dati più volte oggi: riprova domani.",
  dati_link_scaduto: "Il link è già stato usato o è scaduto: chiedi un nuovo archivio.",
  elimina_titolo: "Elimina il mio account",
  elimina_spiegazione:
    "L’account si ferma subito e viene cancellato dopo {days} giorni; se accedi prima, resta. I pagamenti restano registrati 10 anni per la legge fiscale, senza nulla che ti identifichi.",
  elimina_bottone: "Elimina il mio account",
  elimina_conferma_titolo: "Eliminare l’account?",
  elimina_conferma_testo:
    "Il profilo sparisce subito, le sessioni si chiudono, nessun piano si rinnova e non ricevi più notifiche. Tra {days} giorni cancelliamo i tuoi dati; accedi prima per mantenere l’account.",
  elimina_password: "La tua password",
  elimina_invia_codice: "Mandami un codice via e-mail",
  elimina_codice_inviato: "Codice inviato: mandane un altro",
  elimina_codice: "Codice dell’e-mail",
  elimina_conferma: "Elimina il mio account",
  elimina_annulla: "Mantieni l’account",
  elimina_fatto_titolo: "Il tuo account è eliminato",
  elimina_fatto_testo: "Cancelleremo i tuoi dati il {date}. Se cambi idea, accedi prima di quella data.",
  elimina_password_errata: "La password non è corretta.",
  elimina_codice_errato: "Il codice non è corretto o è scaduto.",
  elimina_codice_troppi: "Troppi codici sbagliati: chiedine uno nuovo.",
  account_ripristinato_titolo: "Bentornato",
  account_ripristinato:
    "Avevi chiesto di eliminare l’account: accedendo l’hai annullato e il tuo account è come prima.",
  ops_nav_rights: "Diritti",
  ops_rights_title: "Diritti dei membri",
  ops_rights_deletions: "Richieste di eliminazione",
  ops_rights_withdrawals: "Recessi",
  ops_rights_account: "Account",
  ops_rights_requested: "Richiesta",
  ops_rights_due: "Cancellazione prevista",
  ops_rights_state: "Stato",
  ops_rights_pending: "Periodo di grazia",
  ops_rights_overdue: "In ritardo",
  ops_rights_erased: "Cancellato",
  ops_rights_payment: "Pagamento",
  ops_rights_refund: "Rimborso",
  ops_rights_refund_due: "Rimborso entro",
  ops_rights_received: "Ricevuto",
  ops_rights_refunded: "Rimborsato",
  ops_rights_refund_failed: "Rimborso a mano",
  ops_rights_none: "Nessuno.",
};

const es: Texts = {
  signup_facoltativo: "(opcional)",
  recesso_consenso_crediti:
    "Pido que los créditos estén disponibles de inmediato y reconozco que pierdo el derecho de desistimiento por los créditos que use (opcional: sin ello, desistir en 14 días reembolsa el precio completo).",
  recesso_consenso_piano:
    "Pido que el plan empiece de inmediato; si desisto en 14 días pago los días usados (opcional: sin ello, desistir reembolsa el precio completo).",
  recesso_titolo: "Desistir de una compra",
  recesso_spiegazione:
    "Puedes desistir de una compra en los {days} días siguientes sin dar ningún motivo. Te lo confirmamos al momento por correo y te reembolsamos en 14 días.",
  recesso_funzione: "desistir del contrato aquí",
  recesso_contratto: "contrato n.º {contract}",
  recesso_acquistato: "Comprado el {date}",
  recesso_entro: "hasta el {date}",
  recesso_rimborso_intero: "Si desistes, te reembolsamos el precio completo: {amount}.",
  recesso_rimborso_giorni:
    "Si desistes ahora, te reembolsamos {amount}: has usado {used} de los {days} días del plan.",
  recesso_rimborso_crediti:
    "Si desistes ahora, te reembolsamos {amount} por los créditos no usados ({used} usados de {credits}) y los retiramos de tu cuenta.",
  recesso_conferma_titolo: "Confirma tu desistimiento",
  recesso_conferma_testo:
    "Desistes del contrato n.º {contract} ({plan}). Te reembolsaremos {amount} al método de pago que usaste.",
  recesso_conferma: "Confirmar el desistimiento",
  recesso_annulla: "Conservar la compra",
  recesso_ricevuto:
    "Desistimiento recibido el {date}: reembolso de {amount} en curso. La confirmación está en tu correo.",
  recesso_rimborsato:
    "Desistimiento recibido el {date}: {amount} reembolsados. La confirmación está en tu correo.",
  recesso_crediti_usati:
    "Todos los créditos de esta compra están usados: el derecho de desistimiento ha terminado.",
  recesso_non_disponibile: "Ya no es posible desistir de esta compra.",
  recesso_scaduto: "Han pasado los 14 días: ya no es posible desistir de esta compra.",
  recesso_expired: "Han pasado los 14 días: ya no es posible desistir de esta compra.",
  recesso_all_used:
    "Todos los créditos de esta compra están usados: el derecho de desistimiento ha terminado.",
  recesso_refunded: "Esta compra ya se ha reembolsado.",
  recesso_not_paid: "Esta compra no se pagó.",
  privacy_titolo: "Tus datos y tu privacidad",
  privacy_consensi: "Marketing",
  privacy_consensi_spiegazione: "Opcionales: el servicio funciona igual. Puedes cambiarlos cuando quieras.",
  privacy_consensi_salvati: "Tu elección se ha guardado.",
  dati_titolo: "Descargar mis datos",
  dati_spiegazione:
    "Un zip con tu cuenta, perfil, fotos, conversaciones, me gusta, visitas, pagos, consentimientos y accesos, creado ahora. El enlace se abre una vez y también te lo enviamos por correo ({count} al día como máximo).",
  dati_scarica: "Descargar mis datos",
  dati_pronti:
    "La descarga ha empezado. También te enviamos el enlace por correo: se abre una vez, hasta las {time}.",
  dati_troppi: "Has pedido tus datos varias veces hoy: inténtalo mañana.",
  dati_link_scaduto: "Ese enlace ya se usó o ha caducado: pide un archivo nuevo.",
  elimina_titolo: "Eliminar mi cuenta",
  elimina_spiegazione:
    "Tu cuenta se detiene al momento y se borra a los {days} días; si entras antes, se conserva. Los pagos quedan registrados 10 años por la ley fiscal, sin nada que te identifique.",
  elimina_bottone: "Eliminar mi cuenta",
  elimina_conferma_titolo: "¿Eliminar tu cuenta?",
  elimina_conferma_testo:
    "Tu perfil desaparece al momento, tus sesiones se cierran, ningún plan se renueva y no te llega ninguna notificación. En {days} días borramos tus datos; entra antes para conservar tu cuenta.",
  elimina_password: "Tu contraseña",
  elimina_invia_codice: "Envíame un código por correo",
  elimina_codice_inviato: "Código enviado: enviar otro",
  elimina_codice: "Código del correo",
  elimina_conferma: "Eliminar mi cuenta",
  elimina_annulla: "Conservar mi cuenta",
  elimina_fatto_titolo: "Tu cuenta está eliminada",
  elimina_fatto_testo: "Borraremos tus datos el {date}. Si cambias de idea, entra antes de esa fecha.",
  elimina_password_errata: "La contraseña no es correcta.",
  elimina_codice_errato: "El código no es correcto o ha caducado.",
  elimina_codice_troppi: "Demasiados códigos erróneos: pide uno nuevo.",
  account_ripristinato_titolo: "Bienvenido de nuevo",
  account_ripristinato:
    "Habías pedido eliminar tu cuenta: al entrar lo has cancelado y tu cuenta está como antes.",
  ops_nav_rights: "Derechos",
  ops_rights_title: "Derechos de los miembros",
  ops_rights_deletions: "Solicitudes de eliminación",
  ops_rights_withdrawals: "Desistimientos",
  ops_rights_account: "Cuenta",
  ops_rights_requested: "Solicitada",
  ops_rights_due: "Borrado previsto",
  ops_rights_state: "Estado",
  ops_rights_pending: "Periodo de gracia",
  ops_rights_overdue: "Con retraso",
  ops_rights_erased: "Borrada",
  ops_rights_payment: "Pago",
  ops_rights_refund: "Reembolso",
  ops_rights_refund_due: "Reembolso antes del",
  ops_rights_received: "Recibido",
  ops_rights_refunded: "Reembolsado",
  ops_rights_refund_failed: "Reembolso a mano",
  ops_rights_none: "Ninguno.",
};

const fr: Texts = {
  signup_facoltativo: "(facultatif)",
  recesso_consenso_crediti:
    "Je demande que les crédits soient disponibles tout de suite et je reconnais perdre mon droit de rétractation pour les crédits utilisés (facultatif\u00a0: sans cela, se rétracter sous 14 jours rembourse le prix entier).",
  recesso_consenso_piano:
    "Je demande que la formule commence tout de suite\u00a0; si je me rétracte sous 14 jours, je paie les jours utilisés (facultatif\u00a0: sans cela, se rétracter rembourse le prix entier).",
  recesso_titolo: "Se rétracter d’un achat",
  recesso_spiegazione:
    "Vous pouvez vous rétracter d’un achat dans les {days} jours sans donner de motif. Nous vous le confirmons aussitôt par e-mail et vous remboursons sous 14 jours.",
  recesso_funzione: "se rétracter du contrat ici",
  recesso_contratto: "contrat n° {contract}",
  recesso_acquistato: "Acheté le {date}",
  recesso_entro: "jusqu’au {date}",
  recesso_rimborso_intero: "Si vous vous rétractez, nous remboursons le prix entier\u00a0: {amount}.",
  recesso_rimborso_giorni:
    "Si vous vous rétractez maintenant, nous remboursons {amount}\u00a0: vous avez utilisé {used} des {days} jours de la formule.",
  recesso_rimborso_crediti:
    "Si vous vous rétractez maintenant, nous remboursons {amount} pour les crédits non utilisés ({used} utilisés sur {credits}) et les retirons de votre compte.",
  recesso_conferma_titolo: "Confirmez votre rétractation",
  recesso_conferma_testo:
    "Vous vous rétractez du contrat n° {contract} ({plan}). Nous rembourserons {amount} sur le moyen de paiement utilisé.",
  recesso_conferma: "Confirmer la rétractation",
  recesso_annulla: "Garder l’achat",
  recesso_ricevuto:
    "Rétractation reçue le {date}\u00a0: remboursement de {amount} en cours. La confirmation est dans vos e-mails.",
  recesso_rimborsato:
    "Rétractation reçue le {date}\u00a0: {amount} remboursés. La confirmation est dans vos e-mails.",
  recesso_crediti_usati:
    "Tous les crédits de cet achat sont utilisés\u00a0: le droit de rétractation a pris fin.",
  recesso_non_disponibile: "Il n’est plus possible de se rétracter de cet achat.",
  recesso_scaduto: "Les 14 jours sont passés\u00a0: il n’est plus possible de se rétracter de cet achat.",
  recesso_expired: "Les 14 jours sont passés\u00a0: il n’est plus possible de se rétracter de cet achat.",
  recesso_all_used: "Tous les crédits de cet achat sont utilisés\u00a0: le droit de rétractation a pris fin.",
  recesso_refunded: "Cet achat a déjà été remboursé.",
  recesso_not_paid: "Cet achat n’a pas été payé.",
  privacy_titolo: "Vos données et votre vie privée",
  privacy_consensi: "Marketing",
  privacy_consensi_spiegazione:
    "Facultatifs\u00a0: le service fonctionne de la même façon. Modifiez-les quand vous voulez.",
  privacy_consensi_salvati: "Votre choix est enregistré.",
  dati_titolo: "Télécharger mes données",
  dati_spiegazione:
    "Un zip avec votre compte, votre profil, vos photos, vos conversations, vos j’aime, vos visites, vos paiements, vos consentements et vos connexions, créé maintenant. Le lien s’ouvre une fois et nous vous l’envoyons aussi par e-mail ({count} par jour au plus).",
  dati_scarica: "Télécharger mes données",
  dati_pronti:
    "Le téléchargement a commencé. Nous vous avons aussi envoyé le lien par e-mail\u00a0: il s’ouvre une fois, jusqu’à {time}.",
  dati_troppi: "Vous avez demandé vos données plusieurs fois aujourd’hui\u00a0: réessayez demain.",
  dati_link_scaduto: "Ce lien a déjà servi ou a expiré\u00a0: demandez une nouvelle archive.",
  elimina_titolo: "Supprimer mon compte",
  elimina_spiegazione:
    "Votre compte s’arrête aussitôt et est effacé après {days} jours\u00a0; en vous connectant avant, vous le gardez. Les paiements restent enregistrés 10 ans pour la loi fiscale, sans rien qui vous identifie.",
  elimina_bottone: "Supprimer mon compte",
  elimina_conferma_titolo: "Supprimer votre compte\u00a0?",
  elimina_conferma_testo:
    "Votre profil disparaît aussitôt, vos sessions se ferment, aucune formule ne se renouvelle et aucune notification ne vous parvient. Dans {days} jours nous effaçons vos données\u00a0; connectez-vous avant pour garder votre compte.",
  elimina_password: "Votre mot de passe",
  elimina_invia_codice: "M’envoyer un code par e-mail",
  elimina_codice_inviato: "Code envoyé\u00a0: en envoyer un autre",
  elimina_codice: "Code de l’e-mail",
  elimina_conferma: "Supprimer mon compte",
  elimina_annulla: "Garder mon compte",
  elimina_fatto_titolo: "Votre compte est supprimé",
  elimina_fatto_testo: "Nous effacerons vos données le {date}. Si vous changez d’avis, connectez-vous avant.",
  elimina_password_errata: "Le mot de passe n’est pas correct.",
  elimina_codice_errato: "Le code n’est pas correct ou a expiré.",
  elimina_codice_troppi: "Trop de codes erronés\u00a0: demandez-en un nouveau.",
  account_ripristinato_titolo: "Bon retour",
  account_ripristinato:
    "Vous aviez demandé la suppression de votre compte\u00a0: en vous connectant, vous l’avez annulée et votre compte est comme avant.",
  ops_nav_rights: "Droits",
  ops_rights_title: "Droits des membres",
  ops_rights_deletions: "Demandes de suppression",
  ops_rights_withdrawals: "Rétractations",
  ops_rights_account: "Compte",
  ops_rights_requested: "Demandée",
  ops_rights_due: "Effacement prévu",
  ops_rights_state: "État",
  ops_rights_pending: "Délai de grâce",
  ops_rights_overdue: "En retard",
  ops_rights_erased: "Effacé",
  ops_rights_payment: "Paiement",
  ops_rights_refund: "Remboursement",
  ops_rights_refund_due: "Remboursement avant le",
  ops_rights_received: "Reçue",
  ops_rights_refunded: "Remboursée",
  ops_rights_refund_failed: "Rembourser à la main",
  ops_rights_none: "Aucune.",
};

export const rightsTexts = { en, it, es, fr };
