import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** What the client may need beside the code: the field to mark, the message key, a hook, an address or URL. */
export interface ErrorExtra {
  field?: string;
  messageKey?: string;
  hook?: string;
  /** 1003: the (masked) address the device already registered with. */
  email?: string;
  /** 1006: where to go instead. */
  url?: string;
}

export interface ErrorBody {
  error: { code: string; message: string } & ErrorExtra;
}

/** The one error type of the API: a stable `code`, an English message, and what the client needs. */
export class AppError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: ErrorExtra = {},
  ) {
    super(status, { message });
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...this.extra } };
  }
}

export const unauthorized = () => new AppError(401, "unauthorized", "Sign in to continue.");
export const forbidden = () => new AppError(403, "forbidden", "This belongs to another member.");
