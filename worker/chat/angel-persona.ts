// What a scripted reply may say about the angel: the stored profile (name, city, age) plus a job and two
// interests. Those two are not stored: they are derived from the angel's id and its own about and
// description texts (drizzle/seed-data/profile-texts.ts), so they agree with what the profile shows and
// stay the same in every conversation.
import { stableHash } from "../core/hash";

/** The interests an angel may name; the keywords find them in its texts, in any of the seed's languages. */
export const interests = {
  travel: /viagg|valigi|travel|road trip|viaj|maleta|escapad|getaway|gite|voyag/,
  cooking: /cucin|cook|cocin|cuisin/,
  films: /cinema|film|pel[ií]cul|cine\b|romcom|serie tv|box set/,
  music: /music|canzon|song|chanson/,
  dancing: /ball[oa]|dancing|bailar|danse/,
  reading: /legg|libr[io]|romanz|\bread|book|novel|\blire\b/,
  sport: /sport|deport|work out|palestra|gym/,
  animals: /animal|gatt|\bcat\b|gato|perro|\bdog\b|cane\b/,
  photography: /fotograf|photograph/,
  sea: /\bmare\b|spiaggia|beach|seaside|playa|\bmar\b|la mer\b/,
  walks: /cammin|passegg|walk|pase[ao]|balade/,
  food: /vino|wine|pizza|ristorant|restaurant|paella|buona cucina|good food|buena comida/,
} as const;
export type Interest = keyof typeof interests;
const interestIds = Object.keys(interests) as Interest[];

/** Jobs an angel may have; `office` ones suit a profile that mentions its office. */
export const jobs = [
  "nurse",
  "teacher",
  "hairdresser",
  "shop_assistant",
  "physiotherapist",
  "pharmacist",
  "beautician",
  "waitress",
  "accountant",
  "graphic_designer",
  "receptionist",
  "marketing",
] as const;
export type Job = (typeof jobs)[number];
const officeJobs: readonly Job[] = ["accountant", "graphic_designer", "receptionist", "marketing"];
const officeWords = /ufficio|office|oficina|bureau/;

/** The angel's stored profile, as the reply needs it. */
export interface AngelProfile {
  id: number;
  screenName: string;
  city: string;
  age: number;
  gender: string;
  about: string;
  description: string;
}

export interface AngelPersona {
  name: string;
  city: string;
  age: number;
  /** donna or uomo: job names agree with it. */
  male: boolean;
  job: Job;
  /** Two or more, those its texts mention first. */
  interests: Interest[];
}

export function personaOf(angel: AngelProfile): AngelPersona {
  const text = `${angel.about} ${angel.description}`.toLowerCase();
  const found = interestIds.filter((id) => interests[id].test(text));
  // Fewer than two in its texts: the rest from its id, the same every time.
  for (let n = 0; found.length < 2; n++) {
    const id = interestIds[stableHash(`${angel.id}:interest:${n}`) % interestIds.length] as Interest;
    if (!found.includes(id)) found.push(id);
  }
  const pool = officeWords.test(text) ? officeJobs : jobs;
  return {
    name: angel.screenName,
    city: angel.city,
    age: angel.age,
    male: angel.gender === "uomo",
    job: pool[stableHash(`${angel.id}:job`) % pool.length] as Job,
    interests: found,
  };
}
