// Demo seed data: SAMPLE customer reviews, per UI language. They are not real reviews and the
// product must show them with a visible "sample review" label. Each recensione contains the
// placeholder {servizio} exactly once; it is replaced by the brand name at display time. The spec's
// markets have about 100 each in Italian and Spanish (testimonials-it.ts, testimonials-es.ts).
import { spanishSamples } from "./testimonials-es";
import { italianSamples } from "./testimonials-it";

export interface SampleTestimonial {
  utente: string;
  genere: "F" | "M";
  eta: number;
  recensione: string;
  stelle: 4 | 5;
  nomeImmagine: string;
}

/** A review as the language files write it: utente, genere, età, stelle, recensione. */
export type SampleRow = readonly [
  utente: string,
  genere: "F" | "M",
  eta: number,
  stelle: 4 | 5,
  recensione: string,
];

/** The rows of a language, each with its image name (t-it-001.jpg, …). */
const fromRows = (language: string, rows: readonly SampleRow[]): SampleTestimonial[] =>
  rows.map(([utente, genere, eta, stelle, recensione], i) => ({
    utente,
    genere,
    eta,
    recensione,
    stelle,
    nomeImmagine: `t-${language}-${String(i + 1).padStart(3, "0")}.jpg`,
  }));

export const sampleTestimonials: Record<"it" | "en" | "es" | "fr", readonly SampleTestimonial[]> = {
  it: fromRows("it", italianSamples),
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
  es: fromRows("es", spanishSamples),
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
