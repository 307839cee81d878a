import { OpenAPIHono, z } from "@hono/zod-openapi";
import { ErrorBody } from "../contracts/errors";
import type { AppEnv } from "../env";

/** A feature sub-app: request validation failures answer 400 naming the first bad field. */
export function featureApp() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const field = issue?.path.filter((p) => typeof p === "string" && p !== "utente").join(".") || "body";
        return c.json(
          { error: { code: "invalid_input", field, message: `${field}: ${issue?.message ?? "invalid"}` } },
          400,
        );
      }
    },
  });
}

export const bearerSecurity = [{ bearer: [] as string[] }];

/** A JSON body or answer of a route description. */
export const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });

/** An error answer of a route description: the API's one error body. */
export const errorResponse = (description: string) => ({ description, ...json(ErrorBody) });

/** A required JSON request body of a route description. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { ...json(schema), required: true } });

/** The answer of a route that only confirms: `{ "result": "OK" }`. */
export const OkResult = z.object({ result: z.literal("OK") });
