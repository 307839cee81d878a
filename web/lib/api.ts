import { hc } from "hono/client";
import type { AppType } from "../../worker/app";
import { store } from "./storage";

/** The typed API client (Hono RPC): a renamed field in the Worker breaks this build. */
export const api = hc<AppType>("/", {
  headers: (): Record<string, string> => {
    const token = store.get("token");
    return token ? { authorization: `Bearer ${token}` } : {};
  },
});

export interface ApiErrorBody {
  error?: {
    code?: string;
    message?: string;
    field?: string;
    messageKey?: string;
    email?: string;
    url?: string;
  };
}

/** Reads an error answer without trusting its shape. */
export async function errorOf(response: {
  json(): Promise<unknown>;
}): Promise<NonNullable<ApiErrorBody["error"]>> {
  try {
    const body = (await response.json()) as ApiErrorBody;
    return body.error ?? {};
  } catch {
    return {};
  }
}
