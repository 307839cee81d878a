// The sign-up and login screens' texts in the four languages; each catalogue spreads its language in. The
// way out of a 1009 (the address is registered and its activation mail was sent a moment ago): log in with
// that address, or have the activation mail sent again once allowed.
const en = {
  attivazione_accedi: "Log in with this address",
  attivazione_reinvia: "Send the activation e-mail again",
  attivazione_reinvia_tra: "Send it again in {time}",
  attivazione_reinviata: "We have sent the activation e-mail to {email} again: it may take up to 5 minutes.",
} as const;

type Texts = Record<keyof typeof en, string>;
const it: Texts = {
  attivazione_accedi: "Accedi con questo indirizzo",
  attivazione_reinvia: "Invia di nuovo l'e-mail di attivazione",
  attivazione_reinvia_tra: "Puoi reinviarla tra {time}",
  attivazione_reinviata:
    "Ti abbiamo inviato di nuovo l'e-mail di attivazione a {email}: può impiegare fino a 5 minuti.",
};
const es: Texts = {
  attivazione_accedi: "Inicia sesión con esta dirección",
  attivazione_reinvia: "Enviar de nuevo el correo de activación",
  attivazione_reinvia_tra: "Podrás reenviarlo en {time}",
  attivazione_reinviata:
    "Te hemos enviado de nuevo el correo de activación a {email}: puede tardar hasta 5 minutos.",
};
const fr: Texts = {
  attivazione_accedi: "Se connecter avec cette adresse",
  attivazione_reinvia: "Renvoyer l'e-mail d'activation",
  attivazione_reinvia_tra: "Renvoi possible dans {time}",
  attivazione_reinviata:
    "Nous avons renvoyé l'e-mail d'activation à {email} : il peut mettre jusqu'à 5 minutes à arriver.",
};

export const authTexts = { en, it, es, fr };
