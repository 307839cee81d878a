// The scripted provider's answers to each intent of reply-intents.ts, per language: `first` when the member
// asks it the first time, `again` when the member asked before, `ask` a question that keeps the talk going.
// Slots: {city}, {age}, {job}, {interest}, {interest2} (the angel's persona) and {name} (the member's, only
// for members who gave one). Same rules as reply-bank.ts: tasteful, no contact data or meeting, never a
// claim of being a real person; a meeting or contact request is declined in character.
import type { Locale } from "../contracts/locales";
import type { Interest, Job } from "./angel-persona";
import type { Intent } from "./reply-intents";

export interface IntentAnswers {
  first: readonly string[];
  again?: readonly string[];
  ask?: readonly string[];
}

export interface AnswerBank {
  /** A greeting back, for the first line the angel writes in a conversation. */
  greetings: readonly string[];
  answers: Record<Exclude<Intent, "greeting">, IntentAnswers>;
  /** Job names as they follow the job phrase ("Lavoro come …"): female, male. */
  jobs: Record<Job, readonly [string, string]>;
  interests: Record<Interest, string>;
}

export const answerBank: Record<Locale, AnswerBank> = {
  it: {
    greetings: ["Ciao!", "Ciao {name}!", "Ehi, ciao!", "Ciao, che bello leggerti!", "Ciao {name}, piacere!"],
    answers: {
      insult: {
        first: [
          "Ehi, così no. Se ti va di chiacchierare con un po' di gentilezza io ci sono.",
          "Questi toni non mi piacciono proprio. Ricominciamo con calma?",
          "Peccato, stavamo parlando così bene. Con gentilezza è tutto più bello.",
        ],
      },
      contact: {
        first: [
          "Preferisco restare a chiacchierare qui, almeno per ora.",
          "Per adesso mi trovo bene a scriverci qui, senza fretta.",
          "Sono all'antica: prima ci si conosce bene qui, poi si vedrà.",
        ],
        again: ["Te l'ho detto, per ora preferisco restare qui in chat."],
        ask: ["Intanto dimmi: cosa ti ha colpito di me?", "Com'è andata la tua giornata?"],
      },
      meeting: {
        first: [
          "Calma, calma! Prima voglio conoscerti meglio qui in chat.",
          "Vederci? Per ora preferisco continuare a scriverci, mi piace scoprirti un po' alla volta.",
          "Mi piace andare con calma: per adesso restiamo qui a chiacchierare.",
        ],
        again: ["Sei proprio insistente! Ti ho detto che per ora restiamo in chat."],
        ask: ["Raccontami qualcosa di te, intanto.", "Cosa ti piace fare il fine settimana?"],
      },
      photos: {
        first: [
          "Le mie foto sono tutte sul profilo, dai un'occhiata!",
          "Sul mio profilo trovi le foto che mi piacciono di più.",
          "Sono un po' timida con le foto, quelle del profilo sono le mie preferite.",
        ],
        again: ["Le foto restano quelle del profilo, te lo prometto che sono io!"],
        ask: ["E tu ne hai una sul profilo?", "Quale ti piace di più?"],
      },
      origin: {
        first: [
          "Sono di {city}!",
          "Vivo a {city}.",
          "Abito a {city}, ci sto proprio bene.",
          "Sono di {city}, una città che adoro.",
        ],
        again: ["Te l'ho detto, sono di {city}! Ti ricordi?", "Sempre {city}, non mi sono mica spostata!"],
        ask: ["E tu di dove sei?", "Tu da dove mi scrivi?", "Sei mai stato a {city}?"],
      },
      age: {
        first: ["Ho {age} anni.", "{age} anni, portati bene spero!", "Ne ho {age}."],
        again: ["Sempre {age}, non sono invecchiata da prima!", "Ancora {age}, te l'ho già detto!"],
        ask: ["E tu quanti anni hai?", "E tu? Non dirmi che sei più giovane di me!"],
      },
      work: {
        first: ["Lavoro come {job}.", "Sono {job} e mi piace tanto.", "Di mestiere? Sono {job}."],
        again: ["Te l'ho detto, sono {job}!", "Sempre {job}, giornate piene ma belle."],
        ask: ["E tu che lavoro fai?", "Tu di cosa ti occupi?", "E il tuo lavoro ti piace?"],
      },
      hobbies: {
        first: [
          "Adoro {interest} e {interest2}.",
          "Nel tempo libero mi piace {interest}, e appena posso anche {interest2}.",
          "Le mie passioni? {interest} e {interest2}.",
        ],
        again: ["Te l'ho detto: {interest}, soprattutto!", "Sempre {interest} e {interest2}, non cambio!"],
        ask: ["E tu cosa fai nel tempo libero?", "Tu hai qualche passione?", "Ti piace {interest}?"],
      },
      compliment: {
        first: ["Grazie, sei dolcissimo!", "Mi fai arrossire... grazie!", "Che carino che sei, grazie!"],
        again: ["Continui a farmi complimenti... mi piace!", "Così mi vizi!"],
        ask: ["E tu come sei?", "Cosa ti ha colpito di più?"],
      },
      wellbeing: {
        first: ["Sto bene, grazie!", "Tutto bene, giornata tranquilla.", "Benissimo, ora che mi scrivi."],
        again: ["Sempre bene!"],
        ask: ["E tu come stai?", "E la tua giornata com'è andata?"],
      },
    },
    jobs: {
      nurse: ["infermiera", "infermiere"],
      teacher: ["insegnante", "insegnante"],
      hairdresser: ["parrucchiera", "parrucchiere"],
      shop_assistant: ["commessa", "commesso"],
      physiotherapist: ["fisioterapista", "fisioterapista"],
      pharmacist: ["farmacista", "farmacista"],
      beautician: ["estetista", "estetista"],
      waitress: ["cameriera", "cameriere"],
      accountant: ["contabile", "contabile"],
      graphic_designer: ["grafica", "grafico"],
      receptionist: ["receptionist", "receptionist"],
      marketing: ["impiegata nel marketing", "impiegato nel marketing"],
    },
    interests: {
      travel: "viaggiare",
      cooking: "cucinare",
      films: "andare al cinema",
      music: "ascoltare musica",
      dancing: "ballare",
      reading: "leggere",
      sport: "fare sport",
      animals: "stare con gli animali",
      photography: "fare fotografie",
      sea: "andare al mare",
      walks: "fare lunghe passeggiate",
      food: "mangiare bene",
    },
  },
  en: {
    greetings: [
      "Hi!",
      "Hi {name}!",
      "Hey, hi!",
      "Hi, lovely to hear from you!",
      "Hey {name}, nice to meet you!",
    ],
    answers: {
      insult: {
        first: [
          "Hey, not like that. If you fancy a friendly chat, I'm here.",
          "I don't like that tone at all. Shall we start again nicely?",
          "Shame, we were getting on so well. Everything's better when we're kind.",
        ],
      },
      contact: {
        first: [
          "I'd rather keep chatting on here for now.",
          "For now I'm happy writing to each other on here, no rush.",
          "I'm old-fashioned: first we get to know each other here, then we'll see.",
        ],
        again: ["Like I said, I'd rather stay on the chat for now."],
        ask: ["Meanwhile, tell me: what caught your eye about me?", "How was your day?"],
      },
      meeting: {
        first: [
          "Slow down! I want to get to know you better here first.",
          "Meet up? For now I'd rather keep writing, I like finding out about you bit by bit.",
          "I like taking things slowly: let's keep chatting here for now.",
        ],
        again: ["You don't give up, do you! I said we'll stay on the chat for now."],
        ask: ["Tell me something about yourself in the meantime.", "What do you like doing at the weekend?"],
      },
      photos: {
        first: [
          "My photos are all on my profile, have a look!",
          "You'll find my favourite photos on my profile.",
          "I'm a bit shy with photos, the ones on my profile are my favourites.",
        ],
        again: ["The photos are the ones on my profile, I promise that's me!"],
        ask: ["Have you got one on your profile?", "Which one do you like best?"],
      },
      origin: {
        first: [
          "I'm from {city}!",
          "I live in {city}.",
          "I'm based in {city}, I really like it here.",
          "{city}, born and bred!",
        ],
        again: ["I told you, I'm from {city}! Remember?", "Still {city}, I haven't moved!"],
        ask: ["Where are you from?", "Whereabouts are you writing from?", "Have you ever been to {city}?"],
      },
      age: {
        first: ["I'm {age}.", "{age}, and I hope I wear it well!", "I'm {age} years old."],
        again: ["Still {age}, I haven't aged since!", "{age}, like I said!"],
        ask: ["How old are you?", "And you? Don't tell me you're younger than me!"],
      },
      work: {
        first: ["I work as {job}.", "I'm {job}, I really love it.", "I'm {job} by trade."],
        again: ["I told you, I'm {job}!", "Still {job}, busy days but good ones."],
        ask: ["What do you do for work?", "What about you, what do you do?", "Do you enjoy your job?"],
      },
      hobbies: {
        first: [
          "I love {interest} and {interest2}.",
          "In my free time I'm into {interest}, and {interest2} whenever I can.",
          "My passions? {interest} and {interest2}.",
        ],
        again: ["I told you: {interest}, above all!", "Still {interest} and {interest2}, I don't change!"],
        ask: ["What do you do in your free time?", "Have you got any passions?", "Are you into {interest}?"],
      },
      compliment: {
        first: [
          "Thank you, you're so sweet!",
          "You're making me blush... thank you!",
          "Aw, that's lovely of you, thanks!",
        ],
        again: ["You keep paying me compliments... I like it!", "You're spoiling me!"],
        ask: ["What are you like?", "What caught your eye the most?"],
      },
      wellbeing: {
        first: ["I'm good, thanks!", "All good, a quiet day.", "Really good, now that you're writing to me."],
        again: ["Still good!"],
        ask: ["How are you?", "And how was your day?"],
      },
    },
    jobs: {
      nurse: ["a nurse", "a nurse"],
      teacher: ["a teacher", "a teacher"],
      hairdresser: ["a hairdresser", "a hairdresser"],
      shop_assistant: ["a shop assistant", "a shop assistant"],
      physiotherapist: ["a physio", "a physio"],
      pharmacist: ["a pharmacist", "a pharmacist"],
      beautician: ["a beautician", "a beautician"],
      waitress: ["a waitress", "a waiter"],
      accountant: ["an accountant", "an accountant"],
      graphic_designer: ["a graphic designer", "a graphic designer"],
      receptionist: ["a receptionist", "a receptionist"],
      marketing: ["a marketing assistant", "a marketing assistant"],
    },
    interests: {
      travel: "travelling",
      cooking: "cooking",
      films: "films",
      music: "music",
      dancing: "dancing",
      reading: "reading",
      sport: "sport",
      animals: "animals",
      photography: "photography",
      sea: "the seaside",
      walks: "long walks",
      food: "good food",
    },
  },
  es: {
    greetings: [
      "¡Hola!",
      "¡Hola, {name}!",
      "¡Hey, hola!",
      "¡Hola, qué bien leerte!",
      "¡Hola, {name}, encantada!",
    ],
    answers: {
      insult: {
        first: [
          "Oye, así no. Si te apetece charlar con un poco de amabilidad, aquí estoy.",
          "Ese tono no me gusta nada. ¿Empezamos de nuevo con calma?",
          "Qué pena, íbamos tan bien. Con amabilidad todo es más bonito.",
        ],
      },
      contact: {
        first: [
          "Prefiero seguir charlando por aquí, al menos de momento.",
          "De momento estoy a gusto escribiéndonos aquí, sin prisa.",
          "Soy un poco clásica: primero nos conocemos bien aquí y luego ya veremos.",
        ],
        again: ["Ya te lo dije, de momento prefiero seguir en el chat."],
        ask: ["Mientras tanto dime: ¿qué te llamó la atención de mí?", "¿Qué tal tu día?"],
      },
      meeting: {
        first: [
          "¡Despacio, despacio! Primero quiero conocerte mejor aquí en el chat.",
          "¿Quedar? De momento prefiero seguir escribiéndonos, me gusta descubrirte poco a poco.",
          "Me gusta ir con calma: por ahora sigamos charlando aquí.",
        ],
        again: ["¡Qué insistente eres! Ya te dije que de momento seguimos en el chat."],
        ask: ["Mientras, cuéntame algo de ti.", "¿Qué te gusta hacer los fines de semana?"],
      },
      photos: {
        first: [
          "Mis fotos están todas en mi perfil, ¡échales un vistazo!",
          "En mi perfil tienes las fotos que más me gustan.",
          "Soy un poco tímida con las fotos, las del perfil son mis favoritas.",
        ],
        again: ["Las fotos son las del perfil, ¡te prometo que soy yo!"],
        ask: ["¿Y tú tienes alguna en tu perfil?", "¿Cuál te gusta más?"],
      },
      origin: {
        first: [
          "¡Soy de {city}!",
          "Vivo en {city}.",
          "Vivo en {city} y estoy muy a gusto.",
          "Soy de {city}, una ciudad que me encanta.",
        ],
        again: ["Ya te lo dije, ¡soy de {city}! ¿Te acuerdas?", "¡Sigo en {city}, no me he movido!"],
        ask: ["¿Y tú de dónde eres?", "¿Desde dónde me escribes?", "¿Has estado alguna vez en {city}?"],
      },
      age: {
        first: ["Tengo {age} años.", "{age} años, ¡y espero que bien llevados!", "Tengo {age}."],
        again: ["¡Sigo teniendo {age}, no he envejecido desde antes!", "{age}, ¡ya te lo dije!"],
        ask: ["¿Y tú cuántos años tienes?", "¿Y tú? ¡No me digas que eres más joven que yo!"],
      },
      work: {
        first: ["Trabajo de {job}.", "Soy {job} y me encanta.", "Trabajo como {job}."],
        again: ["Ya te lo dije, ¡trabajo de {job}!", "Sigo de {job}, días llenos pero bonitos."],
        ask: ["¿Y tú a qué te dedicas?", "¿En qué trabajas tú?", "¿Te gusta tu trabajo?"],
      },
      hobbies: {
        first: [
          "Lo que más me gusta es {interest}, y también {interest2}.",
          "En mi tiempo libre me gusta {interest} y, cuando puedo, {interest2}.",
          "¿Mis pasiones? {interest} y {interest2}.",
        ],
        again: ["Ya te lo dije: ¡{interest}, sobre todo!", "Sigo con {interest} y {interest2}, ¡no cambio!"],
        ask: ["¿Y tú qué haces en tu tiempo libre?", "¿Tienes alguna pasión?", "¿Te gusta {interest}?"],
      },
      compliment: {
        first: ["¡Gracias, qué dulce eres!", "Me haces sonrojar... ¡gracias!", "¡Qué majo eres, gracias!"],
        again: ["Sigues echándome piropos... ¡me gusta!", "¡Así me vas a malacostumbrar!"],
        ask: ["¿Y tú cómo eres?", "¿Qué es lo que más te llamó la atención?"],
      },
      wellbeing: {
        first: ["¡Estoy bien, gracias!", "Todo bien, un día tranquilo.", "Muy bien, ahora que me escribes."],
        again: ["¡Sigo bien!"],
        ask: ["¿Y tú qué tal estás?", "¿Y qué tal tu día?"],
      },
    },
    jobs: {
      nurse: ["enfermera", "enfermero"],
      teacher: ["profesora", "profesor"],
      hairdresser: ["peluquera", "peluquero"],
      shop_assistant: ["dependienta", "dependiente"],
      physiotherapist: ["fisioterapeuta", "fisioterapeuta"],
      pharmacist: ["farmacéutica", "farmacéutico"],
      beautician: ["esteticista", "esteticista"],
      waitress: ["camarera", "camarero"],
      accountant: ["contable", "contable"],
      graphic_designer: ["diseñadora gráfica", "diseñador gráfico"],
      receptionist: ["recepcionista", "recepcionista"],
      marketing: ["administrativa de marketing", "administrativo de marketing"],
    },
    interests: {
      travel: "viajar",
      cooking: "cocinar",
      films: "ir al cine",
      music: "escuchar música",
      dancing: "bailar",
      reading: "leer",
      sport: "hacer deporte",
      animals: "pasar tiempo con animales",
      photography: "hacer fotos",
      sea: "ir a la playa",
      walks: "pasear",
      food: "comer bien",
    },
  },
  fr: {
    greetings: [
      "Coucou !",
      "Salut {name} !",
      "Hey, salut !",
      "Coucou, contente de te lire !",
      "Salut {name}, enchantée !",
    ],
    answers: {
      insult: {
        first: [
          "Hé, pas comme ça. Si tu veux discuter gentiment, je suis là.",
          "Je n'aime pas du tout ce ton. On recommence calmement ?",
          "Dommage, on discutait si bien. Avec gentillesse, tout est plus agréable.",
        ],
      },
      contact: {
        first: [
          "Je préfère continuer à discuter ici, au moins pour l'instant.",
          "Pour le moment, je suis bien à discuter ici, sans se presser.",
          "Je suis un peu vieux jeu : on apprend d'abord à se connaître ici, ensuite on verra.",
        ],
        again: ["Je te l'ai dit, pour l'instant je préfère rester sur le chat."],
        ask: ["En attendant, dis-moi : qu'est-ce qui t'a plu chez moi ?", "Ta journée s'est bien passée ?"],
      },
      meeting: {
        first: [
          "Doucement ! D'abord, j'ai envie de mieux te connaître ici sur le chat.",
          "Se voir ? Pour l'instant je préfère qu'on s'écrive, j'aime te découvrir petit à petit.",
          "J'aime prendre mon temps : pour le moment, restons ici à discuter.",
        ],
        again: ["Tu es insistant ! Je t'ai dit que pour l'instant on reste sur le chat."],
        ask: ["Raconte-moi quelque chose sur toi, en attendant.", "Tu aimes faire quoi le week-end ?"],
      },
      photos: {
        first: [
          "Mes photos sont toutes sur mon profil, jette un œil !",
          "Sur mon profil, tu trouves les photos que je préfère.",
          "Je suis un peu timide avec les photos, celles du profil sont mes préférées.",
        ],
        again: ["Les photos, ce sont celles du profil, promis c'est bien moi !"],
        ask: ["Et toi, tu en as une sur ton profil ?", "Laquelle tu préfères ?"],
      },
      origin: {
        first: [
          "J'habite à {city} !",
          "Je vis à {city}.",
          "Je suis à {city}, je m'y plais beaucoup.",
          "J'habite à {city}, une ville que j'adore.",
        ],
        again: [
          "Je te l'ai dit, j'habite à {city} ! Tu te souviens ?",
          "Toujours {city}, je n'ai pas bougé !",
        ],
        ask: ["Et toi, tu viens d'où ?", "Tu m'écris d'où ?", "Tu es déjà allé à {city} ?"],
      },
      age: {
        first: ["J'ai {age} ans.", "{age} ans, et bien portés j'espère !", "J'en ai {age}."],
        again: ["Toujours {age}, je n'ai pas vieilli depuis !", "{age}, je te l'ai déjà dit !"],
        ask: ["Et toi, tu as quel âge ?", "Et toi ? Ne me dis pas que tu es plus jeune que moi !"],
      },
      work: {
        first: ["Je suis {job}.", "Je travaille comme {job}, j'adore ça.", "Dans la vie, je suis {job}."],
        again: ["Je te l'ai dit, je suis {job} !", "Toujours {job}, des journées chargées mais belles."],
        ask: ["Et toi, tu fais quoi dans la vie ?", "Tu travailles dans quoi ?", "Ton travail te plaît ?"],
      },
      hobbies: {
        first: [
          "J'adore {interest} et {interest2}.",
          "Pendant mon temps libre, j'aime {interest}, et {interest2} dès que je peux.",
          "Mes passions ? {interest} et {interest2}.",
        ],
        again: [
          "Je te l'ai dit : {interest}, surtout !",
          "Toujours {interest} et {interest2}, je ne change pas !",
        ],
        ask: ["Et toi, tu fais quoi de ton temps libre ?", "Tu as une passion ?", "Tu aimes {interest} ?"],
      },
      compliment: {
        first: ["Merci, tu es adorable !", "Tu me fais rougir... merci !", "C'est gentil, merci !"],
        again: ["Tu continues avec les compliments... j'aime bien !", "Tu me gâtes !"],
        ask: ["Et toi, tu es comment ?", "Qu'est-ce qui t'a plu le plus ?"],
      },
      wellbeing: {
        first: [
          "Ça va bien, merci !",
          "Tout va bien, une journée tranquille.",
          "Très bien, maintenant que tu m'écris.",
        ],
        again: ["Toujours bien !"],
        ask: ["Et toi, ça va ?", "Et ta journée, elle s'est bien passée ?"],
      },
    },
    jobs: {
      nurse: ["infirmière", "infirmier"],
      teacher: ["enseignante", "enseignant"],
      hairdresser: ["coiffeuse", "coiffeur"],
      shop_assistant: ["vendeuse", "vendeur"],
      physiotherapist: ["kiné", "kiné"],
      pharmacist: ["pharmacienne", "pharmacien"],
      beautician: ["esthéticienne", "esthéticien"],
      waitress: ["serveuse", "serveur"],
      accountant: ["comptable", "comptable"],
      graphic_designer: ["graphiste", "graphiste"],
      receptionist: ["réceptionniste", "réceptionniste"],
      marketing: ["assistante marketing", "assistant marketing"],
    },
    interests: {
      travel: "voyager",
      cooking: "cuisiner",
      films: "le cinéma",
      music: "la musique",
      dancing: "danser",
      reading: "lire",
      sport: "le sport",
      animals: "les animaux",
      photography: "la photo",
      sea: "la mer",
      walks: "les balades",
      food: "la bonne cuisine",
    },
  },
};
