// The local benchmark's own requests (worker/bench/bench.routes.ts; scripts/bench/ sends them): a push, a bare
// outgoing fetch of a given size, an angel's message through a member's room.
import { z } from "zod";
import { RequiredClickid } from "./clickid";

export const PushBody = z.object({
  brand: z.string().min(1),
  endpoint: z.url(),
  p256dh: z.string().min(1),
  auth: z.string().min(1),
});

export const FetchBody = z.object({ url: z.url(), bytes: z.number().int().min(0).max(65_536) });

export const AngelMessageBody = z.object({
  clickid: RequiredClickid,
  angelId: z.number().int().positive(),
  msg: z.string().min(1),
});
