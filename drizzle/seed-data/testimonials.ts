// Demo seed data: SAMPLE customer reviews, per UI language. They are not real reviews and the
// product must show them with a visible "sample review" label. Each recensione contains the
// placeholder {servizio} exactly once; it is replaced by the brand name at display time. The spec's
// markets have about 100 each in Italian and Spanish (testimonials-it.ts, testimonials-es.ts).
import { spanishSamples } from "./testimonials-es";
import { italianSamples } from "./testimonials-it";

export interface SampleTestimonial {
  author: string;
  gender: "F" | "M";
  age: number;
  review: string;
  stars: 4 | 5;
  imageName: string;
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
  rows.map(([author, gender, age, stars, review], i) => ({
    author,
    gender,
    age,
    review,
    stars,
    imageName: `t-${language}-${String(i + 1).padStart(3, "0")}.jpg`,
  }));

export const sampleTestimonials: Record<"it" | "en" | "es" | "fr", readonly SampleTestimonial[]> = {
  it: fromRows("it", italianSamples),
  en: [
    {
      author: "Sophie H.",
      gender: "F",
      age: 31,
      review: "Chatting on {servizio} feels relaxed and friendly, and the app is really easy to use.",
      stars: 5,
      imageName: "t-en-01.jpg",
    },
    {
      author: "James W.",
      gender: "M",
      age: 42,
      review: "I joined {servizio} out of curiosity and now it's my favourite way to unwind in the evening.",
      stars: 5,
      imageName: "t-en-02.jpg",
    },
    {
      author: "Emma R.",
      gender: "F",
      age: 27,
      review: "Everything on {servizio} is clear and tidy. Great for a bit of a chat after work.",
      stars: 4,
      imageName: "t-en-03.jpg",
    },
    {
      author: "Daniel K.",
      gender: "M",
      age: 35,
      review: "Signing up took a minute and the chats are always lively. {servizio} pleasantly surprised me.",
      stars: 4,
      imageName: "t-en-04.jpg",
    },
    {
      author: "Helen M.",
      gender: "F",
      age: 54,
      review: "I thought I'd be too shy for this sort of thing, but {servizio} put me at ease straight away.",
      stars: 5,
      imageName: "t-en-05.jpg",
    },
    {
      author: "Tom B.",
      gender: "M",
      age: 29,
      review: "Clean design, well-kept profiles and lots of good humour. {servizio} has become a habit.",
      stars: 5,
      imageName: "t-en-06.jpg",
    },
    {
      author: "Rachel P.",
      gender: "F",
      age: 46,
      review: "{servizio} reminded me how nice it is to write and receive thoughtful messages.",
      stars: 4,
      imageName: "t-en-07.jpg",
    },
    {
      author: "Graham S.",
      gender: "M",
      age: 59,
      review: "Putting yourself out there isn't easy at my age, but {servizio} keeps it simple and discreet.",
      stars: 5,
      imageName: "t-en-08.jpg",
    },
    {
      author: "Chloe A.",
      gender: "F",
      age: 24,
      review:
        "Fun and light-hearted, exactly what I was after. I'd recommend {servizio} to anyone who needs to switch off.",
      stars: 5,
      imageName: "t-en-09.jpg",
    },
    {
      author: "Mark D.",
      gender: "M",
      age: 50,
      review: "Notifications tell me as soon as a message arrives, and I'm never bored on {servizio}.",
      stars: 4,
      imageName: "t-en-10.jpg",
    },
    {
      author: "Lucy G.",
      gender: "F",
      age: 37,
      review: "I really appreciate how discreet {servizio} is: no surprises and everything under control.",
      stars: 5,
      imageName: "t-en-11.jpg",
    },
    {
      author: "Ryan O.",
      gender: "M",
      age: 33,
      review: "It took me a while to work out how credits work, but I genuinely enjoy {servizio} now.",
      stars: 4,
      imageName: "t-en-12.jpg",
    },
  ],
  es: fromRows("es", spanishSamples),
  fr: [
    {
      author: "Camille D.",
      gender: "F",
      age: 28,
      review:
        "Sur {servizio}, les conversations sont agréables et jamais envahissantes. L'appli est très simple à utiliser.",
      stars: 5,
      imageName: "t-fr-01.jpg",
    },
    {
      author: "Nicolas M.",
      gender: "M",
      age: 43,
      review:
        "Je me suis inscrit sur {servizio} par curiosité et c'est devenu mon moment de détente du soir.",
      stars: 5,
      imageName: "t-fr-02.jpg",
    },
    {
      author: "Julie L.",
      gender: "F",
      age: 34,
      review:
        "J'aime que tout soit clair et bien organisé sur {servizio}. Parfait pour discuter un peu après le travail.",
      stars: 4,
      imageName: "t-fr-03.jpg",
    },
    {
      author: "Thomas B.",
      gender: "M",
      age: 27,
      review:
        "Inscription ultra rapide et discussions toujours animées : {servizio} m'a agréablement surpris.",
      stars: 4,
      imageName: "t-fr-04.jpg",
    },
    {
      author: "Sylvie R.",
      gender: "F",
      age: 55,
      review:
        "Je pensais être trop timide pour ce genre de chose, mais sur {servizio} je me suis tout de suite sentie à l'aise.",
      stars: 5,
      imageName: "t-fr-05.jpg",
    },
    {
      author: "Julien P.",
      gender: "M",
      age: 31,
      review:
        "Design soigné, profils bien présentés et beaucoup de bonne humeur : {servizio} est devenu une habitude.",
      stars: 5,
      imageName: "t-fr-06.jpg",
    },
    {
      author: "Nathalie G.",
      gender: "F",
      age: 47,
      review: "Grâce à {servizio}, j'ai retrouvé le plaisir d'écrire et de recevoir de jolis messages.",
      stars: 4,
      imageName: "t-fr-07.jpg",
    },
    {
      author: "Philippe C.",
      gender: "M",
      age: 60,
      review: "À mon âge, ce n'est pas facile de se lancer, mais {servizio} rend tout simple et discret.",
      stars: 5,
      imageName: "t-fr-08.jpg",
    },
    {
      author: "Léa V.",
      gender: "F",
      age: 24,
      review:
        "Drôle et léger, exactement ce que je cherchais. Je recommande {servizio} à tous ceux qui veulent décompresser.",
      stars: 5,
      imageName: "t-fr-09.jpg",
    },
    {
      author: "Stéphane H.",
      gender: "M",
      age: 51,
      review:
        "Les notifications me préviennent dès qu'un message arrive, et je ne m'ennuie jamais sur {servizio}.",
      stars: 4,
      imageName: "t-fr-10.jpg",
    },
    {
      author: "Émilie F.",
      gender: "F",
      age: 38,
      review:
        "J'apprécie vraiment la discrétion de {servizio} : pas de mauvaises surprises, tout est sous contrôle.",
      stars: 5,
      imageName: "t-fr-11.jpg",
    },
    {
      author: "Maxime T.",
      gender: "M",
      age: 33,
      review:
        "J'ai mis un peu de temps à comprendre le système de crédits, mais maintenant j'adore {servizio}.",
      stars: 4,
      imageName: "t-fr-12.jpg",
    },
  ],
};
