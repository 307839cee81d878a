import { z } from "zod";
import { VerifyRequest } from "./auth";
import { AngelCard, DispenserRequest, DispenserResponse, MatchRequest, Region } from "./discovery";
import { VerifyResponse } from "./verify";

/**
 * POST /api/first-screen: the session start and the first screen's data in one round trip, asked by the
 * small script the Worker puts into the HTML while the app's bundle is still loading. `find` carries what
 * only the browser knows of the find page's first request (the stored page and city, the dispenser seed);
 * the rest comes from the account, as the page itself would send it; `match` likewise for the swipe stack.
 */
export const FirstScreenRequest = VerifyRequest.extend({
  find: DispenserRequest.pick({ page: true, city: true, seed: true }).optional(),
  /** The match page's first stack (page 1 of /dispenser/match): everything it sends comes from the account. */
  match: z.boolean().optional(),
});
export type FirstScreenRequest = z.infer<typeof FirstScreenRequest>;

export const FirstScreenResponse = z.object({
  /** Exactly POST /users/verify's answer for the token. */
  verify: VerifyResponse,
  /** With a live session and `find` asked: the find page's first request as the page sends it, and its answer. */
  find: z.object({ request: DispenserRequest, answer: DispenserResponse }).optional(),
  /** With a live session and `match` asked: the match page's first request as the page sends it, and its cards. */
  match: z.object({ request: MatchRequest, answer: z.array(AngelCard) }).optional(),
  /** With a live session: the member's country's regions (the find header names the place with them). */
  regions: z.array(Region).optional(),
});
export type FirstScreenResponse = z.infer<typeof FirstScreenResponse>;
