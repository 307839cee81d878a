// The local outboxes' answers (mail, text messages, Telegram) and Mailgun's unsubscribe webhook.
import { z } from "zod";

export const OutboxQuery = z.object({
  to: z.string().trim().max(320).optional().meta({ description: "only mail to this address (any case)" }),
});

export const OutboxMessage = z.object({
  id: z.number(),
  brandId: z.string(),
  template: z.string(),
  language: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** The extra headers it carried (List-Unsubscribe, List-Unsubscribe-Post), or null. */
  headers: z.record(z.string(), z.string()).nullable(),
  createdAt: z.string(),
});

export const OutboxMessages = z.object({ messages: z.array(OutboxMessage) });

export const SmsOutboxQuery = z.object({
  to: z
    .string()
    .trim()
    .max(32)
    // A "+" left unencoded in a query arrives as a space: "+39…" and " 39…" are the same number.
    .transform((s) => `+${s.replace(/^\+/, "").replace(/\s+/g, "")}`)
    .optional()
    .meta({ description: "only messages to this number, in E.164 (+393471234567)" }),
});

export const SmsOutboxMessage = z.object({
  id: z.number(),
  brandId: z.string(),
  to: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

export const SmsOutboxMessages = z.object({ messages: z.array(SmsOutboxMessage) });

export const TelegramOutboxMessage = z.object({
  id: z.number(),
  brandId: z.string(),
  chatId: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

export const TelegramOutboxMessages = z.object({ messages: z.array(TelegramOutboxMessage) });

/** Mailgun's webhook signature, as it posts it beside the event data. */
export const MailgunSignature = z.object({
  timestamp: z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]),
  token: z.string().max(256),
  signature: z.string().max(256),
});
export type MailgunSignature = z.infer<typeof MailgunSignature>;

export const MailgunWebhook = z.object({
  signature: /* @__PURE__ */ MailgunSignature.optional().meta({
    description: "required: a request without a valid, fresh signature is refused with 401",
  }),
  "event-data": z.object({
    event: z.string().min(1).max(64),
    recipient: z
      .string()
      .trim()
      .min(3)
      .max(320)
      .regex(/^[^\s@]+@[^\s@]+$/, "not an e-mail address"),
    severity: z.string().max(64).optional(),
  }),
});

export const MailRemoveResult = z.object({ result: z.literal("OK"), suppressed: z.boolean() });
