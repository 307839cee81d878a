// The scripted provider's answers in French (see reply-answers.ts for the slots and the rules).
import type { AnswerBank } from "./reply-answers";

export const frAnswers: AnswerBank = {
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
      again: ["Je te l'ai dit, j'habite à {city} ! Tu te souviens ?", "Toujours {city}, je n'ai pas bougé !"],
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
};
