// Text messages: one `SmsSender` interface with Twilio's API as the real provider and the local outbox
// (`sms_outbox`, shown at /dev/outbox) when no provider is configured outside production. Production
// without a provider refuses to send rather than pretending that a message went out.
import { desc, eq } from "drizzle-orm";
import { smsOutbox } from "../../drizzle/schema/phone";
import type { Config } from "../config";
import type { Db } from "../core/db";
import { logEvent } from "../core/log";
import { SmsError, type SmsSender } from "./sms-sender";
import { twilioSender } from "./twilio";

export { SmsError, type SmsFailure, type SmsSender } from "./sms-sender";

/** What choosing a sender needs: the typed config, the request's database and the brand the text is for. */
export interface SmsContext {
  config: Config;
  db: Db;
  brandId: string;
}

/** Keeps the message in the local outbox instead of sending it. */
function outboxSender(db: Db, brandId: string): SmsSender {
  return {
    async send(sms) {
      const [row] = await db
        .insert(smsOutbox)
        .values({ brandId, to: sms.to, body: sms.body })
        .returning({ id: smsOutbox.id });
      logEvent("info", "sms.kept", { brand: brandId });
      return { provider: "outbox", id: String(row?.id ?? "") };
    },
  };
}

const unavailableSender: SmsSender = {
  async send() {
    logEvent("error", "sms.not_configured", {});
    throw new SmsError("unavailable", "SMS is not configured: set the TWILIO_ vars");
  },
};

/** The sender of this configuration: Twilio when configured, else the outbox locally, else a refusal. */
export function smsSender(ctx: SmsContext): SmsSender {
  if (ctx.config.twilio) return twilioSender(ctx.config.twilio);
  if (ctx.config.local) return outboxSender(ctx.db, ctx.brandId);
  return unavailableSender;
}

/** The outbox pages show the newest messages only. */
export const SMS_OUTBOX_LIMIT = 100;

/** The local outbox, newest first, optionally to one number only (E.164). */
export function smsOutboxRows(db: Db, to: string | undefined) {
  const query = db.select().from(smsOutbox);
  const filtered = to ? query.where(eq(smsOutbox.to, to)) : query;
  return filtered.orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id)).limit(SMS_OUTBOX_LIMIT);
}

export type SmsOutboxRow = typeof smsOutbox.$inferSelect;
