// The one error body of the API, for every route, the OpenAPI document and the web client.
import { z } from "zod";

/** What a client may need beside the code: the field to mark, the message key, a hook, an address or URL. */
export const ErrorExtra = z.object({
  field: z.string().optional(),
  messageKey: z.string().optional(),
  hook: z.string().optional(),
  /** 1003: the (masked) address the device already registered with. */
  email: z.string().optional(),
  /** 1006: where to go instead. */
  url: z.string().optional(),
  /** A wrong phone code: the tries the code has left. */
  triesLeft: z.number().int().optional(),
  /** A throttled request: the seconds before it may be made again (also in the Retry-After header). */
  retryAfterS: z.number().int().optional(),
  /** A refund the payment's provider takes only in its own portal: that provider's id. */
  provider: z.string().optional(),
});
export type ErrorExtra = z.infer<typeof ErrorExtra>;

/** `{ error: { code, message, ...extra } }`: a stable `code`, an English message, and what the client needs. */
export const ErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string() }).extend(ErrorExtra.shape),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
export type ApiError = ErrorBody["error"];
