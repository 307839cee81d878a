import { hc } from "hono/client";
import type { AppType } from "../../worker/app";
import type { ApiError } from "../../worker/contracts/errors";
import { store } from "./storage";

/** The typed API client (Hono RPC): a renamed field in the Worker breaks this build. */
export const api = hc<AppType>("/", {
  headers: (): Record<string, string> => {
    const token = store.get("token");
    return token ? { authorization: `Bearer ${token}` } : {};
  },
});

/** An error answer as the client reads it: every field may be missing (a proxy's page, a network failure). */
export type ApiErrorFields = Partial<ApiError>;

/**
 * Reads an error answer without trusting its shape. The schema (and zod) is fetched with the first error, not
 * with the page: building schemas at start-up was a fifth of the start's script time.
 */
export async function errorOf(response: { json(): Promise<unknown> }): Promise<ApiErrorFields> {
  try {
    const [{ ErrorBody }, body] = await Promise.all([
      import("../../worker/contracts/errors"),
      response.json(),
    ]);
    const parsed = ErrorBody.safeParse(body);
    return parsed.success ? parsed.data.error : {};
  } catch {
    return {};
  }
}

/** A failed answer (any status but 2xx): the query or mutation that asked shows it as failed. */
export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`the server answered ${status}`);
  }
}

type AnyResponse = { ok: boolean; status: number; json(): Promise<unknown> };
type Success<R extends AnyResponse> = [Extract<R, { ok: true }>] extends [never]
  ? R
  : Extract<R, { ok: true }>;

/** The body of a 2xx answer, typed as the route declares it; any other status throws an HttpError. */
export async function okJson<R extends AnyResponse>(
  response: R,
): Promise<Awaited<ReturnType<Success<R>["json"]>>> {
  if (!response.ok) throw new HttpError(response.status);
  return (await response.json()) as Awaited<ReturnType<Success<R>["json"]>>;
}
