import type { AvatarOptions } from "./avatar";

export const hairColours = ["blond", "brown", "red", "dark_blond", "black", "coloured"] as const;

/** Deterministic looks of an angel from its id, shared by the seed (hair_color) and the photo route. */
export function angelLooks(id: number): Pick<AvatarOptions, "seed" | "hairColour"> {
  const h = Math.imul(id ^ 0x5bd1e995, 0x27d4eb2d) >>> 0;
  return { seed: `angel-${id}`, hairColour: hairColours[h % hairColours.length] ?? "brown" };
}
