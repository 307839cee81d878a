// Phone verification (the spec's verifiedUser: chat and like events are allowed from then on, and blurred
// replies become readable), in two steps. POST /api/users/{clickid}/phone sends a one-time code by SMS to
// a mobile number of the brand's market; POST /api/users/{clickid}/phone/verify with that code verifies the
// member and stores the number. Only the code verifies, once. The rules' numbers are in phone-code.ts; the codes
// one network may ask for, whatever the accounts, are the typed config's (phoneCodesPerNetwork).

import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sessionUser } from "../auth/auth.service";
import { sessionAccount } from "../auth/session.service";
import { Country } from "../contracts/locales";
import {
  CodeSent,
  PhoneClickidParam,
  PhoneCodeRequest,
  PhoneRequest,
  PhoneVerified,
} from "../contracts/profile";
import { AppError, forbidden, unauthorized } from "../core/errors";
import { logEvent } from "../core/log";
import { requireSession } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json } from "../core/openapi";
import type { AppEnv } from "../env";
import { clientIp, consumeWithin } from "../ratelimit/rate-limit.service";
import { SmsError, smsSender } from "../sms/sms.service";
import { marketMobile, nationalFormat } from "./phone";
import { CODE_LENGTH, CODE_TTL_S, codeHash, codeSms, MAX_TRIES, newCode } from "./phone-code";
import { numberTaken, reserveCode, sendWait, tryCode } from "./phone-verification";
import { markPhoneVerified } from "./profile.service";

const sendCode = createRoute({
  method: "post",
  path: "/api/users/{clickid}/phone",
  tags: ["profile"],
  summary: `Sends a ${CODE_LENGTH}-digit code by SMS to a mobile number of the brand's market (E.164); it does not verify yet`,
  description: `The code is valid ${CODE_TTL_S / 60} minutes for ${MAX_TRIES} tries. One code a minute and five an hour per member and per number; per network (an IPv4 /24, an IPv6 /48 of CF-Connecting-IP) the deployment's PHONE_CODES_PER_NETWORK_HOUR an hour, whichever accounts ask.`,
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { params: PhoneClickidParam, body: { ...json(PhoneRequest), required: true } },
  responses: {
    200: { description: "The code was sent", ...json(CodeSent) },
    400: errorResponse("invalid_input on phone (errore_telefono): not a mobile number of the market"),
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
    409: errorResponse(
      "phone_taken (errore_telefono_usato): the number verifies another account of the brand",
    ),
    429: errorResponse(
      "resend_throttled (errore_sms_attesa): retryAfterS before another code; network_throttled (errore_sms_rete): this network has asked for its share of codes, retryAfterS",
    ),
    502: errorResponse("sms_failed (errore_sms_invio): the SMS provider did not take the message"),
    503: errorResponse("sms_unavailable (errore_sms_invio): no SMS provider is configured"),
  },
});

const verifyCode = createRoute({
  method: "post",
  path: "/api/users/{clickid}/phone/verify",
  tags: ["profile"],
  summary: "Verifies the member with the code of the last SMS and stores its number",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { params: PhoneClickidParam, body: { ...json(PhoneCodeRequest), required: true } },
  responses: {
    200: { description: "Verified", ...json(PhoneVerified) },
    400: errorResponse("invalid_input or wrong_code on code (errore_codice, with triesLeft)"),
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
    409: errorResponse(
      "no_code (errore_codice_nessuno), code_used (errore_codice_usato): the code has verified already, or phone_taken (errore_telefono_usato)",
    ),
    410: errorResponse("code_expired (errore_codice_scaduto): ask for a new code"),
    429: errorResponse("too_many_tries (errore_codice_tentativi): the code is used up, ask for a new one"),
  },
});

/** The signed-in member of this brand, for their own clickid only. */
async function member(c: Context<AppEnv>, clickid: string) {
  if (clickid !== c.var.session.clickid) throw forbidden();
  const account = await sessionAccount(c);
  if (account.brandId !== c.var.brand.public.id) throw unauthorized();
  return account;
}

const phoneTaken = () =>
  new AppError(409, "phone_taken", "This number already verifies another account.", {
    field: "phone",
    messageKey: "errore_telefono_usato",
  });

function throttled(c: Context<AppEnv>, waitS: number) {
  const retryAfterS = Math.max(1, waitS);
  c.header("Retry-After", String(retryAfterS));
  return new AppError(429, "resend_throttled", `Wait ${retryAfterS} s before asking for another code.`, {
    field: "phone",
    messageKey: "errore_sms_attesa",
    retryAfterS,
  });
}

function networkThrottled(c: Context<AppEnv>, retryAfterMs: number) {
  const retryAfterS = Math.max(1, Math.ceil(retryAfterMs / 1000));
  c.header("Retry-After", String(retryAfterS));
  return new AppError(
    429,
    "network_throttled",
    `Too many codes were asked from this network: wait ${retryAfterS} s.`,
    { field: "phone", messageKey: "errore_sms_rete", retryAfterS },
  );
}

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

export const phoneRoutes = featureApp()
  .openapi(sendCode, async (c) => {
    const account = await member(c, c.req.valid("param").clickid);
    const brandId = c.var.brand.public.id;
    const phone = marketMobile(Country.parse(c.var.brand.public.country), c.req.valid("json").phone);
    if (!phone) {
      throw new AppError(400, "invalid_input", "Not a mobile number of this market", {
        field: "phone",
        messageKey: "errore_telefono",
      });
    }
    if (await numberTaken(c.var.db, brandId, phone, account.id)) throw phoneTaken();
    const wait = await sendWait(c.var.db, account.id, phone);
    if (wait > 0) throw throttled(c, wait);
    // Counted only for a code about to go out: the account's and the number's own limits have let it through.
    const network = await consumeWithin(
      c.env,
      "phoneCodesPerNetwork",
      clientIp(c.req.raw),
      c.var.config.phoneCodesPerNetwork,
    );
    if (!network.allowed) throw networkThrottled(c, network.retryAfterMs);

    const code = newCode();
    const hash = await codeHash(c.var.config.jwtSecret, account.id, code);
    if (!(await reserveCode(c.var.db, account.id, phone, hash))) {
      throw throttled(c, await sendWait(c.var.db, account.id, phone));
    }
    const body = codeSms(c.var.brand.public.language, c.var.brand.public.title, code);
    try {
      await smsSender({ config: c.var.config, db: c.var.db, brandId }).send({ to: phone, body });
    } catch (error) {
      // The throttle keeps the send counted: the provider may have taken it before it failed to answer.
      if (!(error instanceof SmsError)) throw error;
      logEvent("warn", "phone.code_not_sent", {
        requestId: c.var.requestId,
        accountId: account.id,
        reason: error.reason,
      });
      if (error.reason === "rejected_number") {
        throw new AppError(400, "invalid_input", "This number cannot receive text messages", {
          field: "phone",
          messageKey: "errore_telefono",
        });
      }
      if (error.reason === "unavailable") {
        throw new AppError(503, "sms_unavailable", "Text messages cannot be sent now.", {
          messageKey: "errore_sms_invio",
        });
      }
      throw new AppError(502, "sms_failed", "The text message could not be sent, please retry.", {
        messageKey: "errore_sms_invio",
      });
    }
    logEvent("info", "phone.code_sent", { requestId: c.var.requestId, accountId: account.id });
    const resendInS = await sendWait(c.var.db, account.id, phone);
    return c.json(
      {
        result: "code_sent" as const,
        phone,
        phoneDisplay: nationalFormat(phone),
        expiresAt: inSeconds(CODE_TTL_S),
        expiresInS: CODE_TTL_S,
        resendAt: inSeconds(resendInS),
        resendInS,
        triesLeft: MAX_TRIES,
      },
      200,
    );
  })
  .openapi(verifyCode, async (c) => {
    const account = await member(c, c.req.valid("param").clickid);
    const hash = await codeHash(c.var.config.jwtSecret, account.id, c.req.valid("json").code);
    const result = await tryCode(c.var.db, account.id, hash);
    const fields = { requestId: c.var.requestId, accountId: account.id, result: result.kind };
    logEvent(result.kind === "right" ? "info" : "warn", "phone.code_tried", fields);
    switch (result.kind) {
      case "right":
        break;
      case "used":
        // Single use: the try that verified was the code's only success (a second tap, another tab, a replay).
        throw new AppError(409, "code_used", "This code has been used already: ask for a new one.", {
          field: "code",
          messageKey: "errore_codice_usato",
        });
      case "wrong":
        throw new AppError(400, "wrong_code", `Wrong code: ${result.triesLeft} tries left.`, {
          field: "code",
          messageKey: "errore_codice",
          triesLeft: result.triesLeft,
        });
      case "ended":
        throw new AppError(429, "too_many_tries", "Too many wrong codes: ask for a new one.", {
          field: "code",
          messageKey: "errore_codice_tentativi",
          triesLeft: 0,
        });
      case "expired":
        throw new AppError(410, "code_expired", "The code has expired: ask for a new one.", {
          field: "code",
          messageKey: "errore_codice_scaduto",
        });
      case "none":
        throw new AppError(409, "no_code", "Ask for a code first.", {
          field: "code",
          messageKey: "errore_codice_nessuno",
        });
    }
    const updated = await markPhoneVerified(c.var.db, account.id, result.phone);
    // Another account of the brand was verified with this number since the code was sent.
    if (updated === "taken") throw phoneTaken();
    const user = sessionUser(updated ?? account);
    return c.json({ result: "OK" as const, phone: result.phone, user }, 200);
  });
