// The scripted provider's answers in Italian (see reply-answers.ts for the slots and the rules).
import type { AnswerBank } from "./reply-answers";

export const itAnswers: AnswerBank = {
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
};
