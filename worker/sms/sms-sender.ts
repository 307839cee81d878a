// The SMS sender's interface and its one error, shared by the providers and the service that picks one.

/** One text message to one mobile number. */
export interface Sms {
  /** The recipient in E.164 (+393471234567). */
  to: string;
  body: string;
}

/** What a sender answers once the message is accepted: who took it and its id there. */
export interface SmsReceipt {
  provider: "twilio" | "outbox";
  id: string;
}

/**
 * Why a message did not go out: `unavailable` (no provider in production), `rejected_number` (the provider
 * says the number cannot receive it), `refused` (the provider refused the request: credentials, account,
 * an unexpected answer) or `unreachable` (no answer in time).
 */
export type SmsFailure = "unavailable" | "rejected_number" | "refused" | "unreachable";

/** The one error of a sender: a reason to map to an answer, and nothing of the number or the text. */
export class SmsError extends Error {
  constructor(
    readonly reason: SmsFailure,
    message: string,
  ) {
    super(message);
    this.name = "SmsError";
  }
}

/**
 * Sends text messages. An implementation resolves once the message is accepted for delivery and throws an
 * `SmsError` otherwise; it never logs the number or the text (a phone code is a secret).
 */
export interface SmsSender {
  send(sms: Sms): Promise<SmsReceipt>;
}
