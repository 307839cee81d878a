// Twilio's Programmable Messaging API, REST API version 2010-04-01: "Create a Message resource",
// POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded `To` (E.164), `Body` and either
// `From` (a Twilio number or alphanumeric sender id) or `MessagingServiceSid`, with HTTP Basic auth
// AccountSid:AuthToken. It answers 201 with the Message resource (`sid` "SM…", `status` "queued" or
// "accepted"), and errors as `{ code, message, more_info, status }` (e.g. 401 with code 20003 for bad
// credentials, 400 with 21211 for an invalid `To` number). As documented by twilio.com/docs/messaging/api/
// message-resource and the generated twilio-node client (src/rest/api/v2010/account/message.ts).
import { z } from "zod";
import type { Config } from "../config";
import { logEvent } from "../core/log";
import { SmsError, type SmsSender } from "./sms-sender";

type TwilioConfig = NonNullable<Config["twilio"]>;

/** The part of the Message resource the adapter reads. */
const MessageResource = z.object({ sid: z.string().min(1), status: z.string() });

/** Twilio's error body. */
const TwilioErrorBody = z.object({ code: z.number().int().nullish(), status: z.number().int().optional() });

/**
 * Twilio's error codes that mean the number itself cannot get the message: 21211 invalid `To`, 21408 no
 * permission for the region, 21610 the recipient unsubscribed (replied STOP), 21612 unroutable `To`,
 * 21614 `To` is not a mobile number. The member may enter another number; any other refusal is ours.
 */
const NUMBER_ERRORS = new Set([21211, 21408, 21610, 21612, 21614]);

/** The sender over Twilio's API. Logs carry the HTTP status and Twilio's code, never the number or text. */
export function twilioSender(account: TwilioConfig): SmsSender {
  return {
    async send(sms) {
      const form = new URLSearchParams({ To: sms.to, Body: sms.body });
      if ("messagingServiceSid" in account.sender) {
        form.set("MessagingServiceSid", account.sender.messagingServiceSid);
      } else {
        form.set("From", account.sender.from);
      }
      let response: Response;
      try {
        response = await fetch(
          `${account.apiBase}/2010-04-01/Accounts/${encodeURIComponent(account.accountSid)}/Messages.json`,
          {
            method: "POST",
            headers: {
              authorization: `Basic ${btoa(`${account.accountSid}:${account.authToken}`)}`,
              "content-type": "application/x-www-form-urlencoded",
              accept: "application/json",
            },
            body: form,
            signal: AbortSignal.timeout(account.timeoutMs),
          },
        );
      } catch (error) {
        const name = error instanceof Error ? error.name : "unknown";
        logEvent("error", "sms.twilio_unreachable", { error: name });
        throw new SmsError("unreachable", `Twilio could not be reached (${name})`);
      }
      const body: unknown = await response.json().catch(() => null);
      if (response.status !== 201 && response.status !== 200) {
        // Twilio's `message` quotes the number ("The 'To' number +39… is not valid"): only the code is kept.
        const code = TwilioErrorBody.safeParse(body).data?.code ?? null;
        logEvent("error", "sms.twilio_refused", { status: response.status, twilioCode: code });
        if (response.status === 400 && code !== null && NUMBER_ERRORS.has(code)) {
          throw new SmsError("rejected_number", `Twilio cannot send to this number (code ${code})`);
        }
        throw new SmsError("refused", `Twilio refused the message (HTTP ${response.status}, code ${code})`);
      }
      const message = MessageResource.safeParse(body);
      if (!message.success) {
        logEvent("error", "sms.twilio_unexpected_answer", { status: response.status });
        throw new SmsError("refused", "Twilio answered without a message sid");
      }
      logEvent("info", "sms.sent", {
        provider: "twilio",
        sid: message.data.sid,
        status: message.data.status,
      });
      return { provider: "twilio", id: message.data.sid };
    },
  };
}
