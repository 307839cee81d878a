// Every operation of the OpenAPI document, fed malformed input with fast-check: wrong types, missing and extra
// fields, numbers out of range, NUL bytes, long and odd unicode texts, malformed JSON, wrong content types and
// bad path and query parameters, with a live session where the route needs one. No answer may be a 5xx, and
// every 400 is the API's error body naming the field. The seed is fixed: a failure is the same on every run.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { operators } from "../../drizzle/schema/ops";
import { demoOperators } from "../../drizzle/seed-data/operators";
import { ErrorBody } from "../../worker/contracts/errors";
import worker from "../../worker/index";
import { inDb } from "../fixtures/db";
import {
  badContentType,
  badJsonText,
  badText,
  brokenValue,
  edgeCases,
  type Hints,
  type JsonSchema,
  validValue,
} from "../fixtures/fuzz";
import { call, createMember, hosts, randomIp, type TestMember } from "../fixtures/members";

const SEED = 20261126;
/** Inputs per operation: about 50 operations, one request each, in well under 20 s. */
const RUNS = 30;

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
}
interface OpenApi {
  paths: Record<string, Record<string, Omit<Operation, "method" | "path">>>;
}

/** One request as sent: what was broken in it, for the failure report. */
interface FuzzRequest {
  how: string;
  params: Record<string, string>;
  query: string;
  body?: string;
  contentType?: string;
}

/** Who calls: a member for the member routes, an operator for the console's. */
interface Caller {
  member: TestMember;
  operatorToken: string;
}

const giulia = demoOperators[0] ?? expect.unreachable("the seed has a demo operator");

async function newOperatorToken(): Promise<string> {
  const email = `fuzz.${crypto.randomUUID().slice(0, 8)}@ops.example`;
  await inDb((db) =>
    db.insert(operators).values({
      email,
      passwordHash: giulia.passwordHash,
      displayName: "Fuzz",
      role: "admin",
      capacity: 3,
      language: "it",
    }),
  );
  const response = await call("/ops/api/login", {
    method: "POST",
    body: JSON.stringify({ email, password: giulia.password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const hintsFor = (caller: Caller): Hints => ({
  clickid: () => caller.member.clickid,
  trackerId: () => caller.member.clickid,
  angelId: () => 1,
  country: () => "it",
  region: () => "lombardia",
  city: () => "Milano",
  sono: () => "uomo",
  cerco: () => "donna",
  email: () => `fuzz.${crypto.randomUUID().slice(0, 8)}@example.com`,
  eta: () => 35,
  phone: () => "+393471234567",
  code: () => "123456",
  oldEmail: () => caller.member.email,
  password: () => "a-good-password",
  recipient: () => "fuzz@example.com",
  language: () => "it",
  text: () => "mil",
});

/** Percent-encoding that keeps a lone surrogate as the invalid UTF-8 it would be (encodeURIComponent throws). */
const encodePathSegment = (text: string) =>
  Array.from(text, (ch) => (/^[\uD800-\uDFFF]$/.test(ch) ? "%ED%A0%80" : encodeURIComponent(ch))).join("");

/**
 * One operation's inputs: the valid request, the cases every run sends (a NUL byte in each text, 2^31 and a
 * fraction in each number, of the body, the path and the query) and the random ways to break it.
 */
function requests(op: Operation, hints: Hints): { fixed: FuzzRequest[]; random: fc.Arbitrary<FuzzRequest> } {
  const params = (op.parameters ?? []).filter((p) => p.in === "path");
  const queries = (op.parameters ?? []).filter((p) => p.in === "query");
  const bodySchema = op.requestBody?.content["application/json"]?.schema;
  const baseBody = bodySchema ? validValue(bodySchema, hints) : undefined;
  const base: FuzzRequest = {
    how: "valid",
    params: Object.fromEntries(params.map((p) => [p.name, String(validValue(p.schema, hints, p.name))])),
    query: new URLSearchParams(
      queries.flatMap((p) => (p.required ? [[p.name, String(validValue(p.schema, hints, p.name))]] : [])),
    ).toString(),
    body: bodySchema ? JSON.stringify(baseBody) : undefined,
    contentType: bodySchema ? "application/json" : undefined,
  };
  const withParam = (name: string, text: string, how: string): FuzzRequest => ({
    ...base,
    how: `path ${name} ${how}`,
    params: { ...base.params, [name]: encodePathSegment(text) },
  });
  const withQuery = (name: string, text: string, how: string, twice = false): FuzzRequest => {
    const query = new URLSearchParams(base.query);
    query.set(name, text);
    if (twice) query.append(name, text);
    return { ...base, how: `query ${name} ${how}`, query: query.toString() };
  };
  const fixed: FuzzRequest[] = [
    base,
    ...(bodySchema ? edgeCases(bodySchema, baseBody) : []).map(({ value, how }) => ({
      ...base,
      how: `body: ${how}`,
      body: JSON.stringify(value),
    })),
    ...params.flatMap((p) => [
      withParam(p.name, `${base.params[p.name]}\u0000`, "NUL"),
      withParam(p.name, "2147483648", "2^31"),
    ]),
    ...queries.map((p) => withQuery(p.name, "a\u0000", "NUL")),
  ];

  const ways: fc.Arbitrary<FuzzRequest>[] = [];
  if (bodySchema) {
    ways.push(
      brokenValue(bodySchema, baseBody).map(({ value, how }) => ({
        ...base,
        how: `body: ${how}`,
        body: JSON.stringify(value),
      })),
      badJsonText.map((body) => ({ ...base, how: "body: not JSON", body })),
      badContentType.map((contentType) => ({ ...base, how: `content-type ${contentType}`, contentType })),
    );
  } else if (op.method !== "get") {
    ways.push(badJsonText.map((body) => ({ ...base, how: "unexpected body", body })));
  }
  if (params.length > 0) {
    ways.push(
      fc.tuple(fc.constantFrom(...params), badText).map(([p, text]) => withParam(p.name, text, "bad")),
      fc.constantFrom(...params).map((p) => ({
        ...base,
        how: `path ${p.name} raw`,
        params: { ...base.params, [p.name]: "%ZZ%00" },
      })),
    );
  }
  const queryNames = [...queries.map((p) => p.name), "extra"];
  ways.push(
    fc
      .tuple(fc.constantFrom(...queryNames), badText, fc.boolean())
      .map(([name, text, twice]) => withQuery(name, text, "bad", twice)),
  );
  return { fixed, random: fc.oneof(...ways) };
}

/**
 * Through the Worker's own fetch rather than SELF.fetch: each SELF.fetch of the test pool makes the next one
 * slower in a shared isolate (about 0.1 ms per earlier call), which thousands of requests cannot afford.
 */
async function send(
  op: Operation,
  req: FuzzRequest,
  caller: Caller,
): Promise<{ response: Response; url: string }> {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => req.params[name] ?? "x");
  const headers = new Headers({ host: hosts.it, "cf-connecting-ip": randomIp() });
  if (req.contentType !== undefined) headers.set("content-type", req.contentType);
  const token = op.security
    ? op.path.startsWith("/ops/api/")
      ? caller.operatorToken
      : caller.member.token
    : undefined;
  if (token) headers.set("authorization", `Bearer ${token}`);
  const request = new Request(`http://${hosts.it}${path}${req.query ? `?${req.query}` : ""}`, {
    method: op.method.toUpperCase(),
    headers,
    body: req.body,
    redirect: "manual",
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  return { response, url: request.url };
}

/** What is wrong with an answer: a 5xx, or a 400 that is not the error body naming the field. */
async function problem(response: Response): Promise<string | null> {
  if (response.status >= 500) {
    const text = await response.text();
    // A documented 503 for something this site has not configured (a payment provider's credentials for the
    // brand of a payment another test made, SMS, Google) is an answer, not a crash.
    const code = (() => {
      try {
        return (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? "";
      } catch {
        return "";
      }
    })();
    if (response.status === 503 && code.endsWith("_unavailable")) return null;
    return `${response.status}: ${text.slice(0, 200)}`;
  }
  if (response.status !== 400) {
    await response.body?.cancel();
    return null;
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `400 not JSON: ${text.slice(0, 200)}`;
  }
  const parsed = ErrorBody.safeParse(body);
  if (!parsed.success) return `400 not the error body: ${text.slice(0, 200)}`;
  if (!parsed.data.error.field) return `400 without a field: ${text.slice(0, 200)}`;
  return null;
}

describe("fuzzing every route of the OpenAPI document", () => {
  it("never answers 5xx, and every 400 names the field", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as OpenApi;
    const ops: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ ...op, method, path })),
    );
    const caller: Caller = { member: await createMember(), operatorToken: await newOperatorToken() };
    const hints = hintsFor(caller);
    /** Failures by operation and kind of answer: how many, and the first input that gave it. */
    const failures = new Map<string, { count: number; example: string }>();
    const statuses = new Map<number, number>();
    let sent = 0;
    /** Operations whose valid request was refused: their malformed inputs meet the first check only. */
    const shallow: string[] = [];
    let renewed = 0;
    for (const [i, op] of ops.entries()) {
      const { fixed, random } = requests(op, hints);
      const samples = [...fixed, ...fc.sample(random, { seed: SEED + i, numRuns: RUNS })];
      for (const req of samples) {
        const { response, url } = await send(op, req, caller);
        sent++;
        if (req.how === "valid" && response.status === 400) {
          const { error } = (await response.clone().json()) as { error: { code: string } };
          shallow.push(`${op.method.toUpperCase()} ${op.path} (${error.code})`);
        }
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const wrong = await problem(response);
        if (wrong) {
          const key = `${op.method.toUpperCase()} ${op.path} ${wrong.replace(/"message":.*/, "").slice(0, 80)}`;
          const example = `[${req.how}] ${url} ${JSON.stringify(req.body ?? "").slice(0, 120)} → ${wrong}`;
          const seen = failures.get(key) ?? { count: 0, example };
          failures.set(key, { ...seen, count: seen.count + 1 });
        }
        // An input that happened to be valid may end the session (logout, disabling): sign in again.
        if (response.status === 401 && op.security) {
          renewed++;
          if (op.path.startsWith("/ops/api/")) caller.operatorToken = await newOperatorToken();
          else caller.member = await createMember();
        }
      }
    }
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    const failed = [...failures.values()].reduce((n, f) => n + f.count, 0);
    console.log(
      `fuzz-routes: ${ops.length} operations, ${sent} requests (${byStatus.join(", ")}), ` +
        `${renewed} sessions renewed, ${failed} failures`,
    );
    console.log(`fuzz-routes: valid request refused with 400: ${shallow.join(", ") || "none"}`);
    const report = [...failures].map(([key, f]) => `${f.count} × ${key}\n    e.g. ${f.example}`);
    expect(ops.length).toBeGreaterThanOrEqual(50);
    expect(report, report.join("\n")).toEqual([]);
  }, 180_000);
});
