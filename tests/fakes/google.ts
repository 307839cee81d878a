// A fake of Google's OAuth 2.0 / OpenID Connect endpoints for web server apps, as far as the app uses them
// (developers.google.com/identity/openid-connect/openid-connect and .../protocols/oauth2/web-server):
// - GET  /o/oauth2/v2/auth  the authorization endpoint. No consent screen: it signs in an identity at once
//                           and redirects 302 to redirect_uri with `code` and the same `state`.
// - POST /token             the token endpoint (oauth2.googleapis.com/token): authorization_code grant with
//                           PKCE, client authentication by HTTP Basic or body; answers with an id_token.
// - GET  /oauth2/v3/certs and /.well-known/openid-configuration, so the id_token can be checked like Google's.
// Test controls: POST /__fake/identities registers an identity `{ email, sub, name?, email_verified?,
// default? }`; the auth request signs in the identity named by `login_hint` (e-mail or sub), else the default.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { listenLocally } from "./listen";

export const FAKE_GOOGLE_CLIENT_ID = "fake-client-id.apps.googleusercontent.com";
export const FAKE_GOOGLE_CLIENT_SECRET = "GOCSPX-fake-google-client-secret";
/** What Google writes in `iss` (it also accepts "accounts.google.com"); the fake issues the same. */
export const GOOGLE_ISSUER = "https://accounts.google.com";
/** Google's authorization codes live a few minutes; the fake keeps them 10 minutes. */
const CODE_TTL_MS = 10 * 60_000;
const ID_TOKEN_TTL_S = 3600;

export interface FakeGoogleIdentity {
  sub: string;
  email: string;
  name: string;
  email_verified: boolean;
}

export const DEFAULT_GOOGLE_IDENTITY: FakeGoogleIdentity = {
  sub: "100000000000000000001",
  email: "google.tester@example.com",
  name: "Google Tester",
  email_verified: true,
};

export interface FakeGoogleOptions {
  clientId?: string;
  clientSecret?: string;
  /**
   * Google only redirects to URIs registered for the client, compared exactly. The app's redirect URI is
   * `${origin}/loginWithGoogle` on every brand host and port, so the fake "registers" that path on any
   * local host (localhost, *.localhost, 127.0.0.1) unless told otherwise.
   */
  isRegisteredRedirectUri?: (uri: URL) => boolean;
}

export interface FakeGoogle {
  /** Base URL, e.g. http://127.0.0.1:43123 */
  url: string;
  /** For GOOGLE_AUTH_URL */
  authUrl: string;
  /** For GOOGLE_TOKEN_URL */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  addIdentity(identity: FakeGoogleIdentity, makeDefault?: boolean): void;
  stop(): Promise<void>;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  nonce: string | null;
  identity: FakeGoogleIdentity;
  expiresAt: number;
  used: boolean;
}

const localRedirect = (uri: URL) =>
  (uri.protocol === "http:" || uri.protocol === "https:") &&
  (uri.hostname === "localhost" || uri.hostname.endsWith(".localhost") || uri.hostname === "127.0.0.1") &&
  uri.pathname === "/loginWithGoogle" &&
  !uri.hash;

const base64url = (bytes: Buffer) => bytes.toString("base64url");

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const isText = typeof body === "string";
  const text = isText ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": isText ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(text)),
    "cache-control": "no-store",
    ...headers,
  });
  res.end(text);
}

/** Google's own error page for requests it will not redirect back (bad client, unregistered redirect). */
const errorPage = (res: ServerResponse, status: number, error: string, detail: string) =>
  send(
    res,
    status,
    `<!doctype html><title>Error ${status}: ${error}</title><h1>Error ${status}: ${error}</h1><p>${detail}</p>`,
  );

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A stable, Google-looking numeric subject for an e-mail the tests did not register. */
function subFor(email: string): string {
  const digest = createHash("sha256").update(email.toLowerCase()).digest();
  return `1${digest.readBigUInt64BE(0).toString().padStart(20, "0").slice(0, 20)}`;
}

/** Starts the fake on 127.0.0.1 (a free port unless given); it does not keep the process alive. */
export async function startFakeGoogle(port = 0, options: FakeGoogleOptions = {}): Promise<FakeGoogle> {
  const clientId = options.clientId ?? FAKE_GOOGLE_CLIENT_ID;
  const clientSecret = options.clientSecret ?? FAKE_GOOGLE_CLIENT_SECRET;
  const isRegistered = options.isRegisteredRedirectUri ?? localRedirect;
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = base64url(randomBytes(8));
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };

  const identities = new Map<string, FakeGoogleIdentity>();
  let defaultIdentity = DEFAULT_GOOGLE_IDENTITY;
  const addIdentity = (identity: FakeGoogleIdentity, makeDefault = false) => {
    identities.set(identity.email.toLowerCase(), identity);
    identities.set(identity.sub, identity);
    if (makeDefault) defaultIdentity = identity;
  };
  addIdentity(DEFAULT_GOOGLE_IDENTITY);
  const codes = new Map<string, IssuedCode>();
  let baseUrl = "";

  function identityFor(loginHint: string | null): FakeGoogleIdentity {
    if (!loginHint) return defaultIdentity;
    const known = identities.get(loginHint.toLowerCase()) ?? identities.get(loginHint);
    if (known) return known;
    if (!loginHint.includes("@")) return defaultIdentity;
    // Google would show the account chooser; the fake signs in a new verified account with that address.
    const created = {
      sub: subFor(loginHint),
      email: loginHint,
      name: loginHint.split("@")[0] ?? "",
      email_verified: true,
    };
    addIdentity(created);
    return created;
  }

  function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    if (q.get("client_id") !== clientId) {
      return errorPage(res, 401, "invalid_client", "The OAuth client was not found.");
    }
    const rawRedirect = q.get("redirect_uri");
    let redirect: URL | null = null;
    try {
      redirect = rawRedirect ? new URL(rawRedirect) : null;
    } catch {
      redirect = null;
    }
    if (!redirect || !rawRedirect || !isRegistered(redirect)) {
      return errorPage(
        res,
        400,
        "redirect_uri_mismatch",
        `redirect_uri=${rawRedirect ?? ""} is not registered.`,
      );
    }
    const state = q.get("state");
    const back = (params: Record<string, string>) => {
      const target = new URL(rawRedirect);
      for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
      if (state !== null) target.searchParams.set("state", state);
      res.writeHead(302, { location: target.toString(), "cache-control": "no-store" });
      res.end();
    };
    if (q.get("response_type") !== "code") {
      return back({ error: "unsupported_response_type", error_description: "response_type must be code" });
    }
    const scope = q.get("scope") ?? "";
    if (!scope.split(" ").includes("openid")) {
      return back({ error: "invalid_scope", error_description: "The openid scope is required" });
    }
    const challenge = q.get("code_challenge") ?? "";
    // Google also accepts "plain"; the app must always send S256, so the fake refuses anything else.
    if (q.get("code_challenge_method") !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
      return back({
        error: "invalid_request",
        error_description: "code_challenge with method S256 required",
      });
    }
    const identity = identityFor(q.get("login_hint"));
    const code = `4/0A${base64url(randomBytes(32))}`;
    codes.set(code, {
      clientId,
      redirectUri: rawRedirect,
      codeChallenge: challenge,
      scope,
      nonce: q.get("nonce"),
      identity,
      expiresAt: Date.now() + CODE_TTL_MS,
      used: false,
    });
    return back({ code, scope, authuser: "0", prompt: "none" });
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    if (!/^application\/x-www-form-urlencoded/i.test(req.headers["content-type"] ?? "")) {
      return send(res, 400, { error: "invalid_request", error_description: "Invalid content type" });
    }
    const form = new URLSearchParams(await readBody(req));
    // Client authentication: client_secret_basic (what arctic sends) or client_secret_post.
    let id = form.get("client_id");
    let secret = form.get("client_secret");
    const [scheme, encoded] = (req.headers.authorization ?? "").split(" ");
    if (scheme === "Basic" && encoded) {
      const decoded = Buffer.from(encoded, "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      if (colon < 0) return send(res, 401, { error: "invalid_client", error_description: "Unauthorized" });
      // RFC 6749 2.3.1 form-encodes both parts; arctic sends them as they are, which decodes the same.
      id = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    }
    if (id !== clientId || secret !== clientSecret) {
      return send(res, 401, { error: "invalid_client", error_description: "Unauthorized" });
    }
    if (form.get("grant_type") !== "authorization_code") {
      return send(res, 400, { error: "unsupported_grant_type", error_description: "Invalid grant_type" });
    }
    const code = form.get("code") ?? "";
    const issued = codes.get(code);
    if (!issued || issued.used || issued.expiresAt < Date.now() || issued.clientId !== id) {
      return send(res, 400, { error: "invalid_grant", error_description: "Bad Request" });
    }
    // A code is redeemed once, whatever the outcome of this attempt.
    issued.used = true;
    if (form.get("redirect_uri") !== issued.redirectUri) {
      return send(res, 400, { error: "redirect_uri_mismatch", error_description: "Bad Request" });
    }
    const verifier = form.get("code_verifier");
    if (!verifier) {
      return send(res, 400, { error: "invalid_grant", error_description: "Missing code verifier." });
    }
    if (base64url(createHash("sha256").update(verifier).digest()) !== issued.codeChallenge) {
      return send(res, 400, { error: "invalid_grant", error_description: "Bad Request" });
    }

    const accessToken = `ya29.${base64url(randomBytes(48))}`;
    const { identity } = issued;
    const claims: Record<string, unknown> = {
      azp: clientId,
      email: identity.email,
      email_verified: identity.email_verified,
      at_hash: base64url(createHash("sha256").update(accessToken).digest().subarray(0, 16)),
      name: identity.name,
    };
    if (issued.nonce) claims.nonce = issued.nonce;
    const idToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .setIssuer(GOOGLE_ISSUER)
      .setAudience(clientId)
      .setSubject(identity.sub)
      .setIssuedAt()
      .setExpirationTime(`${ID_TOKEN_TTL_S}s`)
      .sign(privateKey);
    return send(res, 200, {
      access_token: accessToken,
      expires_in: ID_TOKEN_TTL_S - 1,
      token_type: "Bearer",
      scope: issued.scope,
      id_token: idToken,
    });
  }

  async function registerIdentity(req: IncomingMessage, res: ServerResponse) {
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return send(res, 400, { error: "body must be JSON" });
    }
    const b = body as Partial<FakeGoogleIdentity> & { default?: unknown };
    if (typeof b.email !== "string" || typeof b.sub !== "string" || !b.email || !b.sub) {
      return send(res, 400, { error: "email and sub are required strings" });
    }
    const identity: FakeGoogleIdentity = {
      email: b.email,
      sub: b.sub,
      name: typeof b.name === "string" ? b.name : (b.email.split("@")[0] ?? ""),
      email_verified: b.email_verified !== false,
    };
    addIdentity(identity, b.default === true);
    return send(res, 201, { identity });
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://fake-google");
      const route = `${req.method} ${url.pathname}`;
      if (route === "GET /o/oauth2/v2/auth") return authorize(url, res);
      if (route === "POST /token") return await token(req, res);
      if (route === "POST /__fake/identities") return await registerIdentity(req, res);
      if (route === "GET /oauth2/v3/certs") return send(res, 200, { keys: [jwk] });
      if (route === "GET /.well-known/openid-configuration") {
        return send(res, 200, {
          issuer: GOOGLE_ISSUER,
          authorization_endpoint: `${baseUrl}/o/oauth2/v2/auth`,
          token_endpoint: `${baseUrl}/token`,
          jwks_uri: `${baseUrl}/oauth2/v3/certs`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
          scopes_supported: ["openid", "email", "profile"],
          token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
          code_challenge_methods_supported: ["plain", "S256"],
          grant_types_supported: ["authorization_code"],
        });
      }
      return send(res, 404, { error: "not_found" });
    } catch (error) {
      return send(res, 500, { error: "server_error", error_description: String(error) });
    }
  });

  baseUrl = await listenLocally(server, port);
  return {
    url: baseUrl,
    authUrl: `${baseUrl}/o/oauth2/v2/auth`,
    tokenUrl: `${baseUrl}/token`,
    clientId,
    clientSecret,
    addIdentity,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
