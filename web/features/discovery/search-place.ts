// The find screen's search place (the spec's searchRegion / searchCity): kept for the visit, with its city
// in local storage under `city`. It is where the member looks, not the profile's region.
import { store } from "../../lib/storage";

export interface SearchPlace {
  region: string | null;
  city: string | null;
}

export const samePlace = (a: SearchPlace, b: SearchPlace) => a.region === b.region && a.city === b.city;

/** Where a visit starts: the member's region and the stored city, if any. */
export const startPlace = (region: string | null): SearchPlace => ({ region, city: store.get("city") });

/** Keeps the place's city for the next visit (or forgets it when the place is a whole region). */
export function rememberPlace(place: SearchPlace) {
  if (place.city) store.set("city", place.city);
  else store.remove("city");
}
