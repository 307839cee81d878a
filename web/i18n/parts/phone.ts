// The phone verification popup's texts (web/components/phone-verify) in the four languages: the number,
// the SMS code, resending it, and the errors of both steps; each catalogue spreads its language in.
const en = {
  phone_titolo: "Verify your profile",
  phone_testo:
    "Enter your mobile number and we will text you a code. Verified profiles send messages and likes, read every reply and see her phone number.",
  phone_label: "Mobile number",
  phone_submit: "Send the code",
  phone_nota: "Your number is never shown to other people.",
  phone_codice_testo: "We have texted a 6-digit code to {phone}. It is valid for {minutes} minutes.",
  phone_codice_label: "Code from the text message",
  phone_codice_submit: "Verify",
  phone_reinvia: "Send a new code",
  phone_reinvia_tra: "New code in {seconds} s",
  phone_reinviato: "A new code is on its way.",
  phone_cambia_numero: "Change number",
  errore_telefono: "Enter a valid mobile number of this country.",
  errore_telefono_usato: "This number already verifies another profile.",
  errore_sms_attesa: "Please wait {seconds} s before asking for another code.",
  errore_sms_invio: "The text message could not be sent: please try again in a moment.",
  errore_codice: "Wrong code. Tries left: {tries}.",
  errore_codice_formato: "Enter the 6 digits of the code.",
  errore_codice_tentativi: "Too many wrong codes: ask for a new one.",
  errore_codice_scaduto: "This code has expired: ask for a new one.",
  errore_codice_nessuno: "Ask for a code first.",
} as const;

type Texts = Record<keyof typeof en, string>;
const it: Texts = {
  phone_titolo: "Verifica il tuo profilo",
  phone_testo:
    "Inserisci il tuo numero di cellulare: ti invieremo un codice via SMS. I profili verificati inviano messaggi e like, leggono ogni risposta e vedono il suo numero di telefono.",
  phone_label: "Numero di cellulare",
  phone_submit: "Invia il codice",
  phone_nota: "Il tuo numero non viene mai mostrato ad altre persone.",
  phone_codice_testo: "Ti abbiamo inviato un codice di 6 cifre via SMS al {phone}. Vale {minutes} minuti.",
  phone_codice_label: "Codice ricevuto via SMS",
  phone_codice_submit: "Verifica",
  phone_reinvia: "Invia un nuovo codice",
  phone_reinvia_tra: "Nuovo codice tra {seconds} s",
  phone_reinviato: "Un nuovo codice è in arrivo.",
  phone_cambia_numero: "Cambia numero",
  errore_telefono: "Inserisci un numero di cellulare valido di questo paese.",
  errore_telefono_usato: "Questo numero verifica già un altro profilo.",
  errore_sms_attesa: "Attendi {seconds} s prima di chiedere un altro codice.",
  errore_sms_invio: "Non è stato possibile inviare l'SMS: riprova tra poco.",
  errore_codice: "Codice errato. Tentativi rimasti: {tries}.",
  errore_codice_formato: "Inserisci le 6 cifre del codice.",
  errore_codice_tentativi: "Troppi codici errati: chiedine uno nuovo.",
  errore_codice_scaduto: "Questo codice è scaduto: chiedine uno nuovo.",
  errore_codice_nessuno: "Chiedi prima un codice.",
};

const es: Texts = {
  phone_titolo: "Verifica tu perfil",
  phone_testo:
    "Introduce tu número de móvil y te enviaremos un código por SMS. Los perfiles verificados envían mensajes y likes, leen todas las respuestas y ven su número de teléfono.",
  phone_label: "Número de móvil",
  phone_submit: "Enviar el código",
  phone_nota: "Tu número nunca se muestra a otras personas.",
  phone_codice_testo:
    "Te hemos enviado un código de 6 cifras por SMS al {phone}. Es válido durante {minutes} minutos.",
  phone_codice_label: "Código del SMS",
  phone_codice_submit: "Verificar",
  phone_reinvia: "Enviar un código nuevo",
  phone_reinvia_tra: "Nuevo código en {seconds} s",
  phone_reinviato: "Un código nuevo está en camino.",
  phone_cambia_numero: "Cambiar número",
  errore_telefono: "Introduce un número de móvil válido de este país.",
  errore_telefono_usato: "Este número ya verifica otro perfil.",
  errore_sms_attesa: "Espera {seconds} s antes de pedir otro código.",
  errore_sms_invio: "No se ha podido enviar el SMS: inténtalo de nuevo en un momento.",
  errore_codice: "Código incorrecto. Intentos restantes: {tries}.",
  errore_codice_formato: "Introduce las 6 cifras del código.",
  errore_codice_tentativi: "Demasiados códigos incorrectos: pide uno nuevo.",
  errore_codice_scaduto: "Este código ha caducado: pide uno nuevo.",
  errore_codice_nessuno: "Pide primero un código.",
};

const fr: Texts = {
  phone_titolo: "Vérifiez votre profil",
  phone_testo:
    "Saisissez votre numéro de mobile : nous vous enverrons un code par SMS. Les profils vérifiés envoient des messages et des likes, lisent toutes les réponses et voient son numéro de téléphone.",
  phone_label: "Numéro de mobile",
  phone_submit: "Envoyer le code",
  phone_nota: "Votre numéro n'est jamais montré à d'autres personnes.",
  phone_codice_testo:
    "Nous avons envoyé un code à 6 chiffres par SMS au {phone}. Il est valable {minutes} minutes.",
  phone_codice_label: "Code reçu par SMS",
  phone_codice_submit: "Vérifier",
  phone_reinvia: "Envoyer un nouveau code",
  phone_reinvia_tra: "Nouveau code dans {seconds} s",
  phone_reinviato: "Un nouveau code est en route.",
  phone_cambia_numero: "Changer de numéro",
  errore_telefono: "Saisissez un numéro de mobile valide de ce pays.",
  errore_telefono_usato: "Ce numéro vérifie déjà un autre profil.",
  errore_sms_attesa: "Patientez {seconds} s avant de demander un autre code.",
  errore_sms_invio: "Le SMS n'a pas pu être envoyé : réessayez dans un instant.",
  errore_codice: "Code erroné. Essais restants : {tries}.",
  errore_codice_formato: "Saisissez les 6 chiffres du code.",
  errore_codice_tentativi: "Trop de codes erronés : demandez-en un nouveau.",
  errore_codice_scaduto: "Ce code a expiré : demandez-en un nouveau.",
  errore_codice_nessuno: "Demandez d'abord un code.",
};

export const phoneTexts = { en, it, es, fr };
