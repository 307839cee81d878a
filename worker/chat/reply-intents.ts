// What a member's message asks, in the words of a first conversation: the intents the scripted replies
// answer. Matched on a normalised text (lower case, no accents, repeated letters squeezed, SMS spellings
// such as "ke", "dv", "u" and "r" tolerated), first in the brand's language, then in the others (a member
// may write in English on the Italian site).
import type { Locale } from "../contracts/locales";

/** In the order a reply answers them: what needs an answer most comes first. */
export const intents = [
  "insult",
  "contact",
  "meeting",
  "photos",
  "origin",
  "age",
  "work",
  "hobbies",
  "compliment",
  "wellbeing",
  "greeting",
] as const;
export type Intent = (typeof intents)[number];

/** Lower case, without accents and punctuation (apostrophes become spaces), letters repeated 3+ times once. */
export function normalise(text: string): string {
  return ` ${text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’`´]/g, " ")
    .replace(/[^\p{L}\p{N}?\s]/gu, " ")
    .replace(/(\p{L})\1{2,}/gu, "$1")
    .replace(/\s+/g, " ")
    .trim()} `;
}

const you = "(?:you|u|ya)";
const are = "(?:are|r)";

/** Each language's patterns, on the normalised text (which has a space at each end). */
const patterns: Record<Locale, Record<Intent, RegExp>> = {
  it: {
    insult:
      /\b(stronz|troia|puttan|zoccol|cretin|stupid|idiot|scema|deficient|vaffa|fanculo|cagna|fai schifo|merda|sei (un |una )?(fake|finta|bot|robot|truffa))/,
    contact:
      /\b(numero|cellulare|cell|telefono|whats ?app|wapp|telegram|insta(gram)?|snap(chat)?|facebook|fb|e ?mail|skype|contatt[oi]|chiamami|chiamarti|ti chiamo|sentirci (fuori|su|al telefono))\b/,
    meeting:
      /\b(ci vediamo|vederci|incontr(arci|iamoci|are|o)|usciamo|uscire (insieme|con me|stasera)|prendiamo un|un (caffe|aperitivo) insieme|appuntamento|dal vivo|di persona|a cena|vieni da me|vengo da te|posso venire)\b/,
    photos: /\b(foto|fotografi[ae]|selfie|immagin[ei]|fatti vedere|vederti|farti vedere)\b/,
    origin:
      /\b((di|d|da) (dove|dv) (mi )?(sei|6|vieni|scrivi)|dove (abiti|vivi|sei di preciso|stai di casa)|dv (sei|abiti|vivi)|in che (citta|zona|paese|regione)|che citta|di che (citta|zona|parte))\b/,
    age: /\b(quanti anni|qnt anni|quant anni|che eta|la tua eta|eta hai|sei giovane)\b/,
    work: /\b((che|ke) lavoro|(di )?cosa ti occupi|(cosa|che|ke) fai (nella vita|di lavoro|x vivere|per vivere)|lavori|professione|mestiere)\b/,
    hobbies:
      /\b(hobby|hobbies|passion[ei]|tempo libero|(cosa|che|ke) ti piace fare|interessi|nel weekend|cosa fai (nel|di) (bello|weekend))\b/,
    compliment:
      /\b(sei (molto |davvero |proprio |troppo |cosi |tanto )?(bella|bellissima|carina|stupenda|splendida|fantastica|dolcissima|sexy|figa|gnocca|incantevole)|che bella|bellissima|complimenti|mi piaci|che (occhi|sorriso)|bel sorriso|begli occhi)\b/,
    wellbeing: /\b(come (stai|va|te la passi)|tutto bene|tt bene|come sta andando)\b/,
    greeting:
      /\b(ciao|ciaoo|salve|buongiorno|buon giorno|buonasera|buona sera|buonanotte|hey|ehi|ehila|hi|hello)\b/,
  },
  en: {
    insult:
      /\b(bitch|slut|whore|stupid|idiot|ugly|loser|cunt|twat|dumb|fuck (off|you)|f off|stfu|shut up|(you|u) (are|r) (a )?(fake|bot|scam))/,
    contact:
      /\b(number|phone|mobile|whats ?app|telegram|insta(gram)?|snap(chat)?|facebook|fb|e ?mail|skype|kik|text me|call me|ring me|contact|digits)\b/,
    meeting: new RegExp(
      // "Nice to meet you" greets; "want to meet" asks.
      `\\b((?<!(nice|pleased|good|great|lovely|glad) to )meet( up)?|go out|date|grab a (drink|coffee)|see ${you} (in person|tonight|tomorrow|irl)|come over|your place|my place|in person|irl|link up|hook up)\\b`,
    ),
    photos: /\b(photos?|pics?|pictures?|selfies?|snaps? of|see more of (you|u))\b/,
    origin: new RegExp(
      `\\b(where ${are} ${you}( from| based)?|${you} (re|are|r) from|where ${you} from|where do ${you} live|whereabouts|which (city|town|area|part)|what (city|town|area|part)|where (do|d) ${you} come from)\\b`,
    ),
    age: new RegExp(`\\b(how old|${you}r age|what age|how young)\\b`),
    work: new RegExp(
      `\\b(what (do|d) ${you} do(?! for fun| in ${you}r (free|spare) time| at the weekend)|${you}r (job|work)|for (a )?(living|work)|where do ${you} work|what s ${you}r (job|work)|occupation|profession|career)\\b`,
    ),
    hobbies: new RegExp(
      `\\b(hobby|hobbies|free time|spare time|for fun|(what|wat) do ${you} like (doing|to do)|interests|passions?|weekends?)\\b`,
    ),
    compliment: new RegExp(
      `\\b((${you} re|${you}r|${you} ${are}|ur) (so |really |very |absolutely )?(beautiful|gorgeous|pretty|stunning|lovely|cute|hot|sexy|fit|amazing|sweet)|beautiful|gorgeous|stunning|love ${you}r (smile|eyes|photo|pic)|nice (smile|eyes|photo|pic))\\b`,
    ),
    wellbeing: new RegExp(
      `\\b(how ${are} ${you}|how s it going|how are things|how ${you} doing|hru|how s ${you}r (day|evening)|how was ${you}r day)\\b`,
    ),
    greeting: /\b(hi|hello|hey|hiya|heya|howdy|good (morning|afternoon|evening)|yo|hiya)\b/,
  },
  es: {
    insult:
      /\b(puta|zorra|guarra|estupida|idiota|imbecil|tonta|fea|gilipollas|cabrona|mierda|vete a la|eres (un |una )?(fake|falsa|bot|estafa))/,
    contact:
      /\b(numero|telefono|movil|whats ?app|wasap|guasap|telegram|insta(gram)?|snap(chat)?|facebook|fb|e ?mail|correo|llamame|llamarte|contacto)\b/,
    meeting:
      /\b(quedar|quedamos|vernos|nos vemos|en persona|cita|salir (conmigo|juntos|esta noche)|tomar (algo|un cafe)|cenar juntos|a tu casa|a mi casa)\b/,
    photos: /\b(fotos?|selfies?|imagen(es)?|verte|mandame una)\b/,
    origin:
      /\b((de )?(donde|dnd|dnde) (eres|sos|vives|estas)|de que (ciudad|parte|zona)|en que (ciudad|zona|parte)|que ciudad)\b/,
    age: /\b(cuantos anos|cuantos anitos|que edad|tu edad|cuantos tienes)\b/,
    work: /\b(a que te dedicas|en que trabajas|de que trabajas|trabajas|tu trabajo|que haces en la vida|profesion|estudias)\b/,
    hobbies:
      /\b(hobby|hobbies|aficion(es)?|tiempo libre|que te gusta hacer|pasatiempos?|intereses|fin(es)? de semana)\b/,
    compliment:
      /\b(eres (muy |super |tan |bien )?(guapa|guapisima|preciosa|bonita|linda|hermosa|mona|sexy|encantadora|maja)|que guapa|guapisima|preciosa|me gustas|que (ojos|sonrisa))\b/,
    wellbeing: /\b(que tal|q tal|k tal|como estas|como va|como te va|todo bien)\b/,
    greeting: /\b(hola|holaa|buenas|buenos dias|hey|ey|saludos|wenas)\b/,
  },
  fr: {
    insult:
      /\b(salope|pute|connasse|conne|idiote|stupide|debile|moche|nulle|chienne|va te faire|ta gueule|(t es|tu es) (un |une )?(fake|bot|arnaque))/,
    contact:
      /\b(numero|telephone|tel|portable|whats ?app|telegram|insta(gram)?|snap(chat)?|facebook|fb|e ?mail|mail|appelle moi|t appeler|contact)\b/,
    meeting:
      /\b(se voir|on se voit|se rencontrer|te rencontrer|rendez vous|rdv|sortir (ensemble|avec moi|ce soir)|boire un (verre|cafe)|diner ensemble|en vrai|chez (moi|toi))\b/,
    photos: /\b(photos?|selfies?|images?|te voir)\b/,
    origin:
      /\b(d ou (viens|es) tu|tu viens d ou|tu es d ou|t es d ou|ou (habites|vis) tu|tu (habites|vis) ou|quelle ville|(dans|de) quelle (ville|region))\b/,
    age: /\b(quel age|ton age|t as quel age|tu as quel age)\b/,
    work: /\b(fais quoi (dans la vie|comme (travail|boulot|metier))|que fais tu dans la vie|ton (travail|boulot|metier)|tu travailles|profession)\b/,
    hobbies:
      /\b(loisirs?|passions?|hobby|hobbies|temps libre|qu est ce que tu aimes|tu aimes faire quoi|centres? d interet|week ?end)\b/,
    compliment:
      /\b((tu es|t es) (tres |trop |si |vraiment )?(belle|jolie|magnifique|superbe|mignonne|charmante|sexy|canon|craquante)|trop belle|magnifique|tes yeux|ton sourire)\b/,
    wellbeing: /\b(ca va|comment (vas tu|allez vous|ca va)|tu vas bien|cv)\b/,
    greeting: /\b(salut|bonjour|bonsoir|coucou|hello|hey|slt|cc|bjr)\b/,
  },
};

const matches = (language: Locale, text: string) =>
  intents.filter((intent) => patterns[language][intent].test(text));

/** The intents of a message, most pressing first; the other languages are tried when the brand's finds none. */
export function intentsOf(language: Locale, message: string): Intent[] {
  const text = normalise(message);
  const own = matches(language, text);
  if (own.length > 0) return own;
  for (const other of Object.keys(patterns) as Locale[]) {
    const found = other === language ? [] : matches(other, text);
    if (found.length > 0) return found;
  }
  return [];
}
