// The console's member view of notifications: the channels that reach the member and the last deliveries.
import { z } from "zod";

export const Delivery = z.object({
  channel: z.string(),
  kind: z.string(),
  angelId: z.number().nullable(),
  count: z.number(),
  outcome: z.string(),
  sentAt: z.string(),
  openedAt: z.string().nullable(),
  cameBackAt: z.string().nullable(),
});

export const MemberNotificationsView = z.object({
  channels: z.object({
    push: z.object({ on: z.boolean(), devices: z.number() }),
    telegram: z.object({ on: z.boolean(), linked: z.boolean() }),
    email: z.object({ on: z.boolean() }),
  }),
  deliveries: z.array(Delivery),
});
