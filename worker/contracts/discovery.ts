import { z } from "zod";
import { Clickid } from "./clickid";
import { Country } from "./locales";

/** The spec's page size for the find grid, the match stack and the dispenser. */
export const DISPENSER_PAGE_SIZE = 5;
/** The spec's age preference options (60-90 is shown as 60+); both ends are included. */
export const preferredAges = ["20-30", "30-40", "40-60", "60-90"] as const;
/** The spec's minimum for the city autocomplete. */
export const CITY_SEARCH_MIN_CHARS = 3;
/** At most this many city suggestions. */
export const CITY_SUGGESTIONS_MAX = 10;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const region = z.string().trim().max(80).nullish();
const city = z.string().trim().max(120).nullish();

/**
 * The spec's dispenser request. The server trusts only the session for who is asking: `premiumLevel` is
 * read from the account, not from here; `trackerId` and `remarketing_clickid` are accepted for the logs.
 */
export const DispenserRequest = z.object({
  country: Country,
  page,
  vertical: z.string().max(40).optional(),
  /** A region code of the brand's country (GET /api/get/regions/{country}). */
  region,
  /** A city name of the brand's country (GET /api/get/cities/{country}); it wins over the region. */
  city,
  premiumLevel: z.coerce.number().int().min(0).max(2).optional(),
  trackerId: /* @__PURE__ */ Clickid.optional(),
  remarketing_clickid: /* @__PURE__ */ Clickid.nullish(),
  /** The gender of the angels shown; the member's own cerco when absent. */
  cerco: z.enum(["donna", "uomo"]).optional(),
  preferred_age: z.enum(preferredAges).nullish(),
  /** The client's dispenserSeed: the same seed gives the same order, so pages never repeat or skip. */
  seed: z.union([z.string().max(64), z.number()]).optional(),
});
export type DispenserRequest = z.infer<typeof DispenserRequest>;

/** The spec's /dispenser/match request: no seed (the order is the member's own) and no cerco. */
// Marked pure: otherwise the browser's build keeps this call, and with it zod, in every page that imports a
// constant of this module (the find page).
export const MatchRequest = /* @__PURE__ */ DispenserRequest.omit({ cerco: true, seed: true });
export type MatchRequest = z.infer<typeof MatchRequest>;

export const TotalRegionRequest = z.object({ country: Country, region: z.string().trim().min(1).max(80) });
export type TotalRegionRequest = z.infer<typeof TotalRegionRequest>;

/** An angel profile as the client shows it (the spec's angel fields). */
export const AngelCard = z.object({
  id: z.number(),
  _id: z.string(),
  screenName: z.string(),
  about: z.string(),
  age: z.number(),
  gender: z.string(),
  hair_color: z.string(),
  height: z.number(),
  weight: z.number(),
  description: z.string(),
  default_photo: z.string(),
  region: z.string(),
  city: z.string(),
  relation: z.object({ chat: z.boolean() }),
});
export type AngelCard = z.infer<typeof AngelCard>;

/**
 * One page: `profili` and the real `totali` of the place (what the header line and the pager show).
 * `region`/`city` name the place served. A free member (premiumLevel 0) searches only their own region:
 * asking another one serves their own and sets `hook` to the spec's cambia_regione, for the client to open.
 */
export const DispenserResponse = z.object({
  profili: z.array(AngelCard),
  totali: z.number().int(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  hook: z.literal("cambia_regione").optional(),
});
export type DispenserResponse = z.infer<typeof DispenserResponse>;

/** The swipe stack's next cards. */
export const MatchResponse = z.object({ profiles: z.array(AngelCard) });
export type MatchResponse = z.infer<typeof MatchResponse>;

export const TotalRegionResponse = z.object({ totali: z.number().int() });

/** A region of a country. */
export const Region = z.object({ code: z.string(), name: z.string() });

/** A city as the spec's lists carry it (city_title, state_title), with its region's code. */
export const City = z.object({
  city_title: z.string(),
  /** The region's name (the spec's "state"). */
  state_title: z.string(),
  /** The region's code, as the dispenser and the profile take it. */
  region: z.string(),
  province: z.string(),
});
export type City = z.infer<typeof City>;
