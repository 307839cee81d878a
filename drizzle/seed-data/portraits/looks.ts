import type { AvatarOptions } from "./avatar";

export const hairColours = ["blond", "brown", "red", "dark_blond", "black", "coloured"] as const;

/** Distinct portraits drawn per hair colour: the seed draws these few, and each angel gets one of her colour. */
export const PORTRAITS_PER_HAIR_COLOUR = 16;
/** Every portrait the seed draws (96). */
export const PORTRAIT_COUNT = hairColours.length * PORTRAITS_PER_HAIR_COLOUR;

export type Look = Pick<AvatarOptions, "seed" | "hairColour">;

/** The look of portrait number `n` (0 to PORTRAIT_COUNT - 1): its hair colour and the seed of its face. */
export function portraitLook(n: number): Look {
  const hairColour = hairColours[n % hairColours.length] ?? "brown";
  const variant = Math.floor(n / hairColours.length) % PORTRAITS_PER_HAIR_COLOUR;
  return { seed: `portrait-${hairColour}-${variant}`, hairColour };
}

/** What decides an angel's portrait: the angels the find grid can show on one page share these. */
export interface LookedAngel {
  id: number;
  country: string;
  region: string;
  gender: string;
}

/** A 32-bit hash of a text (FNV-1a), to start each place's portraits elsewhere in the list. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The portraits of angels given in id order, one call each: the find grid pages through the angels of one
 * region (or a city of it) and one gender, so each such place gives its angels different portraits, from its
 * own point of a stride through the 96 (a place with more angels than portraits goes round again). Drawn
 * from the id alone, 25 of the seed's 91 places had a portrait twice, and 4 % of five-card pages showed one
 * twice (measured over random orders of every place).
 */
export function lookAssigner(): (angel: Omit<LookedAngel, "id">) => Look {
  const taken = new Map<string, number>();
  return ({ country, region, gender }) => {
    const key = `${country}/${region}/${gender}`;
    const k = taken.get(key) ?? 0;
    taken.set(key, k + 1);
    const h = hashText(key);
    // A stride coprime with 96 (odd, not a multiple of 3) visits every portrait before any comes again.
    const stride = STRIDES[h % STRIDES.length] ?? 1;
    return portraitLook((h + k * stride) % PORTRAIT_COUNT);
  };
}
const STRIDES = [1, 5, 7, 11, 13, 17, 19, 23, 25, 29, 31, 35, 37, 41, 43, 47];

/**
 * Each angel's portrait from the rows (the seed writes her hair colour from the same assignment; the
 * portrait seeding reads the rows back).
 */
export function assignLooks(angels: readonly LookedAngel[]): Map<number, Look> {
  const next = lookAssigner();
  return new Map([...angels].sort((a, b) => a.id - b.id).map((angel) => [angel.id, next(angel)]));
}
