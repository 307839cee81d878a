// The scripted provider's answers in Spanish (see reply-answers.ts for the slots and the rules).
import type { AnswerBank } from "./reply-answers";

export const esAnswers: AnswerBank = {
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
};
