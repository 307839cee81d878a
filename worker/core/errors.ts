import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorBody, ErrorExtra } from "../contracts/errors";

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
