import { OpenAPIHono, z } from "@hono/zod-openapi";
import { nulPath } from "../contracts/bounds";
import { ErrorBody } from "../contracts/errors";
import type { AppEnv } from "../env";

/** The name of a field in the API's error body: its path's keys, without the sign-up's `utente` wrapper. */
const fieldName = (path: readonly PropertyKey[]) =>
  path.filter((p) => typeof p === "string" && p !== "utente").join(".") || "body";

/** The API's one answer to invalid input: 400 `invalid_input` naming the field. */
export const invalidInput = (field: string, problem: string): ErrorBody => ({
  error: { code: "invalid_input", field, message: `${field}: ${problem}` },
});

/**
 * A feature sub-app: request validation failures answer 400 naming the first bad field. A text holding a NUL
 * byte (in the body, the path or the query) is refused the same way: Postgres cannot store one, so it would
 * otherwise fail in the query, as a 500 with the input in the error.
 */
export function featureApp() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const field = fieldName(issue?.path ?? []);
        return c.json(invalidInput(field, issue?.message ?? "invalid"), 400);
      }
      const nul = nulPath(result.data);
      if (nul) return c.json(invalidInput(fieldName(nul), "must not contain a NUL byte"), 400);
    },
  });
}

export const bearerSecurity = [{ bearer: [] as string[] }];

/** A JSON body or answer of a route description. */
export const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });

/** An error answer of a route description: the API's one error body. */
export const errorResponse = (description: string) => ({ description, ...json(ErrorBody) });

/** An HTML page answer of a route description. */
export const htmlPage = (description: string) => ({
  description,
  content: { "text/html": { schema: z.string() } },
});

/** A required JSON request body of a route description. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { ...json(schema), required: true } });

/** The answer of a route that only confirms: `{ "result": "OK" }`. */
export const OkResult = z.object({ result: z.literal("OK") });
