import type { AvatarOptions } from "./avatar";

export const hairColours = ["blond", "brown", "red", "dark_blond", "black", "coloured"] as const;

/** Distinct portraits drawn per hair colour: the seed draws these few, and each angel gets one of her colour. */
export const PORTRAITS_PER_HAIR_COLOUR = 16;

/** Deterministic looks of an angel from its id: her hair colour (the profile's hair_color) and her portrait. */
export function angelLooks(id: number): Pick<AvatarOptions, "seed" | "hairColour"> {
  const h = Math.imul(id ^ 0x5bd1e995, 0x27d4eb2d) >>> 0;
  const hairColour = hairColours[h % hairColours.length] ?? "brown";
  const variant = Math.floor(h / hairColours.length) % PORTRAITS_PER_HAIR_COLOUR;
  return { seed: `portrait-${hairColour}-${variant}`, hairColour };
}
