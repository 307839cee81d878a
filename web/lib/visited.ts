// profiliVisitati, the spec's comma list of visited angel ids, is written by two answers that can arrive in
// either order: the navigation state (api/get/all) and a recorded visit (api/collect/visited). The visits
// this page recorded are kept whichever answer comes last, so a navigation state read just before a visit
// does not take it away.
import { store } from "./storage";

/** The list with the given ids added at its end (each id once). */
export function withVisits(list: string, visits: Iterable<number>): string {
  const ids = list.split(",").filter(Boolean);
  for (const id of visits) if (!ids.includes(String(id))) ids.push(String(id));
  return ids.join(",");
}

const recordedHere = new Set<number>();

/** Stores a server's profiliVisitati; `visited`: the angel whose visit that answer recorded. */
export function storeVisited(list: string, visited?: number) {
  if (visited !== undefined) recordedHere.add(visited);
  store.set("profiliVisitati", withVisits(list, recordedHere));
}
