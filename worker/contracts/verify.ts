// POST /users/verify's answer, apart from the auth contracts the pages import: it names the flow's schema,
// which would otherwise be kept in the page's start-up bundle (no zod on the start-up path).
import { z } from "zod";
import { SessionUser } from "./auth";
import { ClientFlow } from "./flow";

/** POST /users/verify's answer: verify 1 with the member, or verify 0 (error 1008: a disabled account). */
export const VerifyResponse = z.object({
  verify: z.union([z.literal(0), z.literal(1)]),
  error: z.string().optional(),
  token: z.string().optional(),
  clickid: z.string().optional(),
  source: z.string().optional(),
  country: z.string().optional(),
  fluxId: z.string().optional(),
  confirmed_email: z.boolean().optional(),
  email: z.string().optional(),
  region: z.string().nullable().optional(),
  regalo_messaggi: z.number().nullable().optional(),
  user: SessionUser.optional(),
  flusso: ClientFlow.optional(),
});
export type VerifyResponse = z.infer<typeof VerifyResponse>;
