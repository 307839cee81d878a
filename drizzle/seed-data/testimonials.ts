// Demo seed data: SAMPLE customer reviews, per UI language. They are not real reviews and the
// product must show them with a visible "sample review" label. Each recensione contains the
// placeholder {servizio} exactly once; it is replaced by the brand name at display time.

export interface SampleTestimonial {
  utente: string;
  genere: "F" | "M";
  eta: number;
  recensione: string;
  stelle: 4 | 5;
  nomeImmagine: string;
}

export const sampleTestimonials: Record<"it" | "en" | "es" | "fr", readonly SampleTestimonial[]> = {
  it: [
    {
      utente: "Giulia M.",
      genere: "F",
      eta: 29,
      recensione:
        "Su {servizio} ho trovato conversazioni piacevoli e mai invadenti. L'app è semplice e si usa in un attimo.",
      stelle: 5,
      nomeImmagine: "t-it-01.jpg",
    },
    {
      utente: "Marco R.",
      genere: "M",
      eta: 41,
      recensione: "Mi sono iscritto a {servizio} per curiosità e ora è il mio momento di relax serale.",
      stelle: 5,
      nomeImmagine: "t-it-02.jpg",
    },
    {
      utente: "Francesca L.",
      genere: "F",
      eta: 35,
      recensione:
        "Mi piace che su {servizio} tutto sia chiaro e ordinato. Ottimo per fare due chiacchiere dopo il lavoro.",
      stelle: 4,
      nomeImmagine: "t-it-03.jpg",
    },
    {
      utente: "Andrea B.",
      genere: "M",
      eta: 27,
      recensione: "Registrazione velocissima e chat sempre vivaci: {servizio} mi ha sorpreso in positivo.",
      stelle: 4,
      nomeImmagine: "t-it-04.jpg",
    },
    {
      utente: "Paola S.",
      genere: "F",
      eta: 52,
      recensione:
        "Pensavo di essere troppo timida per queste cose, invece con {servizio} mi sono sentita subito a mio agio.",
      stelle: 5,
      nomeImmagine: "t-it-05.jpg",
    },
    {
      utente: "Luca D.",
      genere: "M",
      eta: 33,
      recensione: "Grafica pulita, profili curati e tanta simpatia: {servizio} è diventato un'abitudine.",
      stelle: 5,
      nomeImmagine: "t-it-06.jpg",
    },
    {
      utente: "Elena C.",
      genere: "F",
      eta: 44,
      recensione: "Con {servizio} ho ritrovato il gusto di scrivere e di ricevere messaggi carini.",
      stelle: 4,
      nomeImmagine: "t-it-07.jpg",
    },
    {
      utente: "Giuseppe F.",
      genere: "M",
      eta: 58,
      recensione:
        "Alla mia età non è facile mettersi in gioco, ma {servizio} rende tutto semplice e discreto.",
      stelle: 5,
      nomeImmagine: "t-it-08.jpg",
    },
    {
      utente: "Sara P.",
      genere: "F",
      eta: 24,
      recensione:
        "Divertente e leggero, proprio quello che cercavo. Consiglio {servizio} a chi vuole staccare la spina.",
      stelle: 5,
      nomeImmagine: "t-it-09.jpg",
    },
    {
      utente: "Roberto G.",
      genere: "M",
      eta: 49,
      recensione: "Le notifiche mi avvisano appena arriva un messaggio, e su {servizio} non mi annoio mai.",
      stelle: 4,
      nomeImmagine: "t-it-10.jpg",
    },
    {
      utente: "Chiara V.",
      genere: "F",
      eta: 38,
      recensione:
        "Ho apprezzato molto la discrezione di {servizio}: nessuna sorpresa e tutto sotto controllo.",
      stelle: 5,
      nomeImmagine: "t-it-11.jpg",
    },
    {
      utente: "Davide T.",
      genere: "M",
      eta: 31,
      recensione:
        "Ci ho messo un po' a capire come funzionano i crediti, ma ora {servizio} mi piace davvero.",
      stelle: 4,
      nomeImmagine: "t-it-12.jpg",
    },
  ],
  en: [
    {
      utente: "Sophie H.",
      genere: "F",
      eta: 31,
      recensione: "Chatting on {servizio} feels relaxed and friendly, and the app is really easy to use.",
      stelle: 5,
      nomeImmagine: "t-en-01.jpg",
    },
    {
      utente: "James W.",
      genere: "M",
      eta: 42,
      recensione:
        "I joined {servizio} out of curiosity and now it's my favourite way to unwind in the evening.",
      stelle: 5,
      nomeImmagine: "t-en-02.jpg",
    },
    {
      utente: "Emma R.",
      genere: "F",
      eta: 27,
      recensione: "Everything on {servizio} is clear and tidy. Great for a bit of a chat after work.",
      stelle: 4,
      nomeImmagine: "t-en-03.jpg",
    },
    {
      utente: "Daniel K.",
      genere: "M",
      eta: 35,
      recensione:
        "Signing up took a minute and the chats are always lively. {servizio} pleasantly surprised me.",
      stelle: 4,
      nomeImmagine: "t-en-04.jpg",
    },
    {
      utente: "Helen M.",
      genere: "F",
      eta: 54,
      recensione:
        "I thought I'd be too shy for this sort of thing, but {servizio} put me at ease straight away.",
      stelle: 5,
      nomeImmagine: "t-en-05.jpg",
    },
    {
      utente: "Tom B.",
      genere: "M",
      eta: 29,
      recensione: "Clean design, well-kept profiles and lots of good humour. {servizio} has become a habit.",
      stelle: 5,
      nomeImmagine: "t-en-06.jpg",
    },
    {
      utente: "Rachel P.",
      genere: "F",
      eta: 46,
      recensione: "{servizio} reminded me how nice it is to write and receive thoughtful messages.",
      stelle: 4,
      nomeImmagine: "t-en-07.jpg",
    },
    {
      utente: "Graham S.",
      genere: "M",
      eta: 59,
      recensione:
        "Putting yourself out there isn't easy at my age, but {servizio} keeps it simple and discreet.",
      stelle: 5,
      nomeImmagine: "t-en-08.jpg",
    },
    {
      utente: "Chloe A.",
      genere: "F",
      eta: 24,
      recensione:
        "Fun and light-hearted, exactly what I was after. I'd recommend {servizio} to anyone who needs to switch off.",
      stelle: 5,
      nomeImmagine: "t-en-09.jpg",
    },
    {
      utente: "Mark D.",
      genere: "M",
      eta: 50,
      recensione: "Notifications tell me as soon as a message arrives, and I'm never bored on {servizio}.",
      stelle: 4,
      nomeImmagine: "t-en-10.jpg",
    },
    {
      utente: "Lucy G.",
      genere: "F",
      eta: 37,
      recensione:
        "I really appreciate how discreet {servizio} is: no surprises and everything under control.",
      stelle: 5,
      nomeImmagine: "t-en-11.jpg",
    },
    {
      utente: "Ryan O.",
      genere: "M",
      eta: 33,
      recensione: "It took me a while to work out how credits work, but I genuinely enjoy {servizio} now.",
      stelle: 4,
      nomeImmagine: "t-en-12.jpg",
    },
  ],
  es: [
    {
      utente: "Lucía M.",
      genere: "F",
      eta: 30,
      recensione:
        "En {servizio} las conversaciones son agradables y nada invasivas. La app es facilísima de usar.",
      stelle: 5,
      nomeImmagine: "t-es-01.jpg",
    },
    {
      utente: "Javier R.",
      genere: "M",
      eta: 40,
      recensione:
        "Me registré en {servizio} por curiosidad y ahora es mi rato de desconexión por las noches.",
      stelle: 5,
      nomeImmagine: "t-es-02.jpg",
    },
    {
      utente: "Marta G.",
      genere: "F",
      eta: 36,
      recensione:
        "Me gusta que en {servizio} todo esté claro y ordenado. Ideal para charlar un rato después del trabajo.",
      stelle: 4,
      nomeImmagine: "t-es-03.jpg",
    },
    {
      utente: "Sergio L.",
      genere: "M",
      eta: 26,
      recensione: "Registro rapidísimo y chats siempre animados: {servizio} me ha sorprendido para bien.",
      stelle: 4,
      nomeImmagine: "t-es-04.jpg",
    },
    {
      utente: "Carmen S.",
      genere: "F",
      eta: 53,
      recensione:
        "Creía que era demasiado tímida para esto, pero con {servizio} me sentí cómoda desde el principio.",
      stelle: 5,
      nomeImmagine: "t-es-05.jpg",
    },
    {
      utente: "Pablo D.",
      genere: "M",
      eta: 32,
      recensione:
        "Diseño limpio, perfiles cuidados y mucha simpatía: {servizio} se ha convertido en una costumbre.",
      stelle: 5,
      nomeImmagine: "t-es-06.jpg",
    },
    {
      utente: "Elena C.",
      genere: "F",
      eta: 45,
      recensione: "Con {servizio} he recuperado el gusto de escribir y de recibir mensajes bonitos.",
      stelle: 4,
      nomeImmagine: "t-es-07.jpg",
    },
    {
      utente: "Antonio F.",
      genere: "M",
      eta: 57,
      recensione: "A mi edad no es fácil lanzarse, pero {servizio} lo hace todo sencillo y discreto.",
      stelle: 5,
      nomeImmagine: "t-es-08.jpg",
    },
    {
      utente: "Paula N.",
      genere: "F",
      eta: 25,
      recensione:
        "Divertido y ligero, justo lo que buscaba. Recomiendo {servizio} a quien quiera desconectar.",
      stelle: 5,
      nomeImmagine: "t-es-09.jpg",
    },
    {
      utente: "Miguel A.",
      genere: "M",
      eta: 48,
      recensione: "Las notificaciones me avisan en cuanto llega un mensaje, y en {servizio} nunca me aburro.",
      stelle: 4,
      nomeImmagine: "t-es-10.jpg",
    },
    {
      utente: "Cristina V.",
      genere: "F",
      eta: 39,
      recensione: "Valoro mucho la discreción de {servizio}: sin sorpresas y todo bajo control.",
      stelle: 5,
      nomeImmagine: "t-es-11.jpg",
    },
    {
      utente: "David T.",
      genere: "M",
      eta: 29,
      recensione: "Me costó un poco entender cómo funcionan los créditos, pero ahora {servizio} me encanta.",
      stelle: 4,
      nomeImmagine: "t-es-12.jpg",
    },
  ],
  fr: [
    {
      utente: "Camille D.",
      genere: "F",
      eta: 28,
      recensione:
        "Sur {servizio}, les conversations sont agréables et jamais envahissantes. L'appli est très simple à utiliser.",
      stelle: 5,
      nomeImmagine: "t-fr-01.jpg",
    },
    {
      utente: "Nicolas M.",
      genere: "M",
      eta: 43,
      recensione:
        "Je me suis inscrit sur {servizio} par curiosité et c'est devenu mon moment de détente du soir.",
      stelle: 5,
      nomeImmagine: "t-fr-02.jpg",
    },
    {
      utente: "Julie L.",
      genere: "F",
      eta: 34,
      recensione:
        "J'aime que tout soit clair et bien organisé sur {servizio}. Parfait pour discuter un peu après le travail.",
      stelle: 4,
      nomeImmagine: "t-fr-03.jpg",
    },
    {
      utente: "Thomas B.",
      genere: "M",
      eta: 27,
      recensione:
        "Inscription ultra rapide et discussions toujours animées : {servizio} m'a agréablement surpris.",
      stelle: 4,
      nomeImmagine: "t-fr-04.jpg",
    },
    {
      utente: "Sylvie R.",
      genere: "F",
      eta: 55,
      recensione:
        "Je pensais être trop timide pour ce genre de chose, mais sur {servizio} je me suis tout de suite sentie à l'aise.",
      stelle: 5,
      nomeImmagine: "t-fr-05.jpg",
    },
    {
      utente: "Julien P.",
      genere: "M",
      eta: 31,
      recensione:
        "Design soigné, profils bien présentés et beaucoup de bonne humeur : {servizio} est devenu une habitude.",
      stelle: 5,
      nomeImmagine: "t-fr-06.jpg",
    },
    {
      utente: "Nathalie G.",
      genere: "F",
      eta: 47,
      recensione: "Grâce à {servizio}, j'ai retrouvé le plaisir d'écrire et de recevoir de jolis messages.",
      stelle: 4,
      nomeImmagine: "t-fr-07.jpg",
    },
    {
      utente: "Philippe C.",
      genere: "M",
      eta: 60,
      recensione: "À mon âge, ce n'est pas facile de se lancer, mais {servizio} rend tout simple et discret.",
      stelle: 5,
      nomeImmagine: "t-fr-08.jpg",
    },
    {
      utente: "Léa V.",
      genere: "F",
      eta: 24,
      recensione:
        "Drôle et léger, exactement ce que je cherchais. Je recommande {servizio} à tous ceux qui veulent décompresser.",
      stelle: 5,
      nomeImmagine: "t-fr-09.jpg",
    },
    {
      utente: "Stéphane H.",
      genere: "M",
      eta: 51,
      recensione:
        "Les notifications me préviennent dès qu'un message arrive, et je ne m'ennuie jamais sur {servizio}.",
      stelle: 4,
      nomeImmagine: "t-fr-10.jpg",
    },
    {
      utente: "Émilie F.",
      genere: "F",
      eta: 38,
      recensione:
        "J'apprécie vraiment la discrétion de {servizio} : pas de mauvaises surprises, tout est sous contrôle.",
      stelle: 5,
      nomeImmagine: "t-fr-11.jpg",
    },
    {
      utente: "Maxime T.",
      genere: "M",
      eta: 33,
      recensione:
        "J'ai mis un peu de temps à comprendre le système de crédits, mais maintenant j'adore {servizio}.",
      stelle: 4,
      nomeImmagine: "t-fr-12.jpg",
    },
  ],
};
