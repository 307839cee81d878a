// The look: every random choice is drawn here, in a fixed order that does not depend on the hair
// colour, so one seed keeps the same face and pose whatever colour it is given.
import { hex, mix, type Rgb, shade } from "./colour";
import { Rng } from "./seeded-random";

export type HairColour = "blond" | "brown" | "red" | "dark_blond" | "black" | "coloured";

const BACKGROUNDS: readonly (readonly [string, string])[] = [
  ["#FDE2E4", "#F9C6D3"],
  ["#E2F0EC", "#B9DDE3"],
  ["#FFF1E6", "#FAD4B4"],
  ["#ECE4F7", "#CDB7E0"],
  ["#E3F4E8", "#B5DEC9"],
  ["#FFE7DC", "#FFC4CF"],
  ["#DDE8FD", "#B9CCF7"],
  ["#FEF6C9", "#F9CFC6"],
  ["#E0F2FE", "#F6C9E1"],
  ["#FCE7F3", "#DCCAF7"],
  ["#F3EFE7", "#DCCDB7"],
  ["#E6F7F5", "#C9D8F5"],
];

// Ordered light to deep so a uniform pick along the ramp gives a broad, realistic spread.
const SKIN_RAMP: readonly Rgb[] = [
  hex("#FBE4D3"),
  hex("#F5D2B8"),
  hex("#EDBE9D"),
  hex("#E0AA84"),
  hex("#C99069"),
  hex("#AE7754"),
  hex("#8F5B3C"),
  hex("#6E442B"),
];

const HAIR: Readonly<Record<Exclude<HairColour, "coloured">, readonly string[]>> = {
  blond: ["#E8C57A", "#F0D48E", "#DDB464", "#EACB86"],
  dark_blond: ["#B48B55", "#A67D4A", "#9D7545", "#B99461"],
  brown: ["#6E4529", "#5C3A22", "#7C5030", "#4F321F"],
  red: ["#B4472A", "#C2582F", "#A33E25", "#C8643A"],
  black: ["#2A2326", "#1F1C21", "#302729", "#24201F"],
};

const DYED: readonly string[] = ["#EC6FAE", "#27B3A6", "#8C62E8", "#4C86F0", "#F26D8F", "#45C08A", "#B25BD6"];

const TOPS: readonly string[] = [
  "#E76F51",
  "#2A9D8F",
  "#F4A261",
  "#31556B",
  "#E9C46A",
  "#8E7DBE",
  "#F28482",
  "#6D9F8F",
  "#5E60CE",
  "#F7F4EF",
  "#C8553D",
  "#3A86FF",
  "#FB6F92",
  "#2F3E46",
];

const EYES: readonly string[] = ["#3A2A20", "#2E3B45", "#34452F", "#4A3324", "#2B2528"];

type HairStyle = "long" | "wavy" | "bob" | "bun" | "ponytail" | "curly" | "pixie";
type Fringe = "side" | "curtain" | "bangs" | "back";
type Neckline = "crew" | "scoop" | "vee";
type Mouth = "smile" | "grin" | "lips";

export interface Look {
  bg: readonly [Rgb, Rgb];
  fx: number;
  fy: number;
  frx: number;
  fry: number;
  skin: Rgb;
  hair: Rgb;
  dyed: boolean;
  style: HairStyle;
  fringe: Fringe;
  side: 1 | -1;
  hairVolume: number;
  hairLength: number;
  wavePhase: number;
  top: Rgb;
  neckline: Neckline;
  shoulderWidth: number;
  eyes: Rgb;
  happyEyes: boolean;
  browLift: number;
  mouth: Mouth;
  earrings: "none" | "stud" | "hoop";
  earringColour: Rgb;
  glasses: Rgb | null;
  featureShift: number;
  bokeh: readonly (readonly [number, number, number])[];
}

export function buildLook(seed: string, hairColour: HairColour): Look {
  const rng = new Rng(seed);
  const [bgTop, bgBottom] = rng.pick(BACKGROUNDS);
  const fx = 0.5 + rng.range(-0.025, 0.025);
  const fy = 0.425 + rng.range(-0.015, 0.015);
  const frx = 0.122 * rng.range(0.95, 1.05);
  const fry = 0.158 * rng.range(0.97, 1.03);

  const skinT = rng.next() * (SKIN_RAMP.length - 1);
  const skinI = Math.min(SKIN_RAMP.length - 2, Math.floor(skinT));
  const skin = mix(SKIN_RAMP[skinI]!, SKIN_RAMP[skinI + 1]!, skinT - skinI);

  const naturalPick = rng.next();
  const dyedPick = rng.pick(DYED);
  const hairJitter = rng.range(-0.06, 0.06);
  const dyed = hairColour === "coloured";
  const base = dyed ? hex(dyedPick) : hex(pickAt(HAIR[hairColour], naturalPick));
  const hair = shade(base, 1 + hairJitter);

  const style = rng.pick<HairStyle>([
    "long",
    "long",
    "wavy",
    "wavy",
    "bob",
    "bun",
    "ponytail",
    "curly",
    "pixie",
  ]);
  const fringe = rng.pick<Fringe>(["side", "side", "curtain", "bangs", "back"]);
  const side = rng.chance(0.5) ? 1 : -1;
  const hairVolume = rng.range(0.95, 1.08);
  const hairLength = rng.range(0, 1);
  const wavePhase = rng.range(0, Math.PI * 2);

  const top = hex(rng.pick(TOPS));
  const neckline = rng.pick<Neckline>(["crew", "scoop", "scoop", "vee"]);
  const shoulderWidth = rng.range(0.3, 0.34);

  const eyes = hex(rng.pick(EYES));
  const happyEyes = rng.chance(0.18);
  const browLift = rng.range(-0.004, 0.006);
  const mouth = rng.pick<Mouth>(["smile", "smile", "grin", "lips"]);
  const earrings = rng.pick<Look["earrings"]>(["none", "stud", "hoop"]);
  const earringColour = rng.chance(0.7) ? hex("#E2B24A") : hex("#D5DCE4");
  const glasses = rng.chance(0.14) ? hex(rng.pick(["#3A2E2A", "#8A5A2E", "#6E4E8A"])) : null;
  const featureShift = rng.range(-0.006, 0.006);

  const bokeh: [number, number, number][] = [];
  for (let i = 0; i < 3; i++) bokeh.push([rng.range(0.05, 0.95), rng.range(0.05, 0.6), rng.range(0.04, 0.1)]);

  return {
    bg: [hex(bgTop), hex(bgBottom)],
    fx,
    fy,
    frx,
    fry,
    skin,
    hair,
    dyed,
    style,
    fringe,
    side,
    hairVolume,
    hairLength,
    wavePhase,
    top,
    neckline,
    shoulderWidth,
    eyes,
    happyEyes,
    browLift,
    mouth,
    earrings,
    earringColour,
    glasses,
    featureShift,
    bokeh,
  };
}

function pickAt<T>(items: readonly T[], t: number): T {
  return items[Math.min(items.length - 1, Math.floor(t * items.length))]!;
}
