import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { brands } from "../brands/registry";
import {
  AutoLoginLandingHeaders,
  ChangeEmailRequest,
  DisableRequest,
  ForgotRequest,
  LinkTokenRequest,
  LoginRequest,
  OwnUserResult,
  ResendActivationRequest,
  ResetRequest,
  Session,
  SignupRequest,
  VerifyRequest,
} from "../contracts/auth";
import { RequiredClickid } from "../contracts/clickid";
import { VerifyResponse } from "../contracts/verify";
import { pgCode } from "../core/db-errors";
import { forbidden } from "../core/errors";
import { loadFlow } from "../core/flows";
import { errorName, logEvent } from "../core/log";
import { requireSession } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json, jsonBody, OkResult } from "../core/openapi";
import type { AppEnv } from "../env";
import { endMemberSessions } from "../realtime/member-room";
import { changeEmail, disableProfile, resendActivation, resendActivationTo } from "./account.service";
import { markActive } from "./auth.service";
import { autoLogin, completeAutoLoginClick, confirmEmail, endSessions, login } from "./login.service";
import { requestPasswordReset, resetPassword } from "./recovery.service";
import { authContext, sessionAccount, sessionBody, verifySession } from "./session.service";
import { registerAccount, sendSignupMail } from "./signup.service";

const signupRoute = <P extends string>(path: P) =>
  createRoute({
    method: "post",
    path,
    tags: ["auth"],
    summary: "Sign up with e-mail and password",
    request: jsonBody(SignupRequest),
    responses: {
      200: { description: "Signed up", ...json(Session.extend({ result: z.literal("OK") })) },
      400: errorResponse("A field is invalid (1004 invalid e-mail, 1005 banned e-mail)"),
      409: errorResponse(
        "1000 e-mail exists, 1003 same device, 1006 other country's site, 1009 welcome mail sent",
      ),
      429: errorResponse("1007 too many registration attempts"),
    },
  });

const authenticate = createRoute({
  method: "post",
  path: "/users/authenticate",
  tags: ["auth"],
  summary: "Log in with e-mail and password",
  request: jsonBody(LoginRequest),
  responses: {
    200: {
      description: "Logged in",
      ...json(
        Session.extend({
          account_active: z.literal(true),
          message: z.string(),
          /** The account's deletion was pending: this login cancelled it and restored the account. */
          account_restored: z.boolean(),
        }),
      ),
    },
    400: errorResponse("E-mail or password missing"),
    401: errorResponse("1001 wrong e-mail or password"),
    403: errorResponse("1008 account disabled"),
    429: errorResponse("Too many failed attempts for this account or address"),
  },
});

const verify = createRoute({
  method: "post",
  path: "/users/verify",
  tags: ["auth"],
  summary: "Verify a stored session token at session start",
  request: jsonBody(VerifyRequest),
  responses: {
    200: {
      description: "verify 1 with the member, or verify 0 (with error 1008 for a disabled account)",
      ...json(VerifyResponse),
    },
  },
});

const logout = createRoute({
  method: "post",
  path: "/users/logout",
  tags: ["auth"],
  summary: "Log out everywhere: every earlier session token stops working",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  responses: {
    200: { description: "Logged out", ...json(OkResult) },
    401: errorResponse("No valid session"),
  },
});

const forgot = createRoute({
  method: "post",
  path: "/users/getTokenForReset",
  tags: ["auth"],
  summary: "Mail a password reset link",
  request: jsonBody(ForgotRequest),
  responses: {
    200: { description: "Sent (email_inviata)", ...json(OkResult) },
    400: errorResponse("E-mail missing"),
    404: errorResponse("utente_inesistente: no account with this address"),
    409: errorResponse("1009 a reset mail went to this address less than 5 minutes ago"),
    429: errorResponse("too_many_attempts: too many reset requests from this network"),
  },
});

const reset = createRoute({
  method: "post",
  path: "/users/changePassword",
  tags: ["auth"],
  summary: "Set a new password from a reset link (single use; ends every other session)",
  request: jsonBody(ResetRequest),
  responses: {
    200: { description: "Changed", ...json(OkResult.extend({ user: z.object({ clickid: z.string() }) })) },
    400: errorResponse("token_expired, or the password is too short"),
  },
});

const changeEmailRoute = createRoute({
  method: "post",
  path: "/users/changeEmail",
  tags: ["auth"],
  summary: "Change the address from the double opt-in popup; resends the activation mail",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: jsonBody(ChangeEmailRequest),
  responses: {
    200: {
      description: "Changed",
      ...json(OkResult.extend({ user: z.object({ email: z.string(), valid_email: z.boolean() }) })),
    },
    400: errorResponse("errore_email / errore_stessa_mail"),
    409: errorResponse("email_esistente"),
  },
});

const resend = createRoute({
  method: "post",
  path: "/users/resendActivation",
  tags: ["auth"],
  summary: "Send the activation mail again (at most once per 5 minutes)",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  responses: {
    200: { description: "Sent", ...json(OkResult) },
    400: errorResponse("already_confirmed"),
    409: errorResponse("1009 the mail was sent less than 5 minutes ago"),
  },
});

const resendTo = createRoute({
  method: "post",
  path: "/users/resendActivationMail",
  tags: ["auth"],
  summary: "Send the activation mail again to an address, without a session (the sign-up page after 1009)",
  request: jsonBody(ResendActivationRequest),
  responses: {
    200: { description: "Sent", ...json(OkResult) },
    400: errorResponse("already_confirmed, or no address"),
    404: errorResponse("utente_inesistente: no live account with this address"),
    409: errorResponse("1009 the mail was sent less than 5 minutes ago (retryAfterS: when it may go again)"),
    429: errorResponse("too_many_attempts: too many requests from this network"),
  },
});

const confirm = createRoute({
  method: "post",
  path: "/users/confirmEmail",
  tags: ["auth"],
  summary: "Confirm the address with the activation link's token; logs in",
  request: jsonBody(LinkTokenRequest),
  responses: {
    200: { description: "Confirmed", ...json(Session) },
    400: errorResponse("token_expired"),
    403: errorResponse("1008 account disabled"),
  },
});

const autoLoginRoute = createRoute({
  method: "post",
  path: "/users/autoLogin",
  tags: ["auth"],
  summary: "Log in with an auto-login link's token (mail or Telegram); records the click",
  request: jsonBody(LinkTokenRequest),
  responses: {
    200: { description: "Logged in", ...json(Session) },
    400: errorResponse("token_expired"),
    403: errorResponse("1008 account disabled"),
  },
});

const ownUser = createRoute({
  method: "get",
  path: "/users/{clickid}",
  tags: ["auth"],
  summary:
    "The own account; after an auto-login link (tipoautologin), completes the link's click with eventoautologin and RemarketingClickid",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { params: z.object({ clickid: RequiredClickid }), headers: AutoLoginLandingHeaders },
  responses: {
    200: { description: "The member", ...json(OwnUserResult) },
    403: errorResponse("Another member's clickid"),
  },
});

const disable = createRoute({
  method: "post",
  path: "/users/disableProfile",
  tags: ["auth"],
  summary: "Disable the own profile (premium above level 1 is also unsubscribed)",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: jsonBody(DisableRequest),
  responses: {
    200: { description: "Disabled", ...json(OkResult) },
    403: errorResponse("Another member's clickid"),
  },
});

async function signUp(c: Context<AppEnv>, member: z.infer<typeof SignupRequest>["utente"]) {
  const ctx = authContext(c);
  const flow = await loadFlow(c.var.db, member.fluxId);
  const account = await registerAccount(ctx, brands, flow, member);
  // The account exists now: a mail provider failure must not turn the sign-up into an error (a retry
  // would meet code 1000); the member can still ask for a reset link or re-enter the address for a new one.
  await sendSignupMail(ctx, account, flow).catch((error: unknown) =>
    logEvent("error", "auth.signup_mail_failed", {
      accountId: account.id,
      error: errorName(error),
      code: pgCode(error),
    }),
  );
  const body = await sessionBody(c, account);
  // The answer tells the member's first session (no lastActivity: the photo popup); later ones find it set.
  await markActive(c.var.db, account.id);
  return { result: "OK" as const, ...body };
}

export const authRoutes = featureApp()
  .openapi(signupRoute("/users/register"), async (c) =>
    c.json(await signUp(c, c.req.valid("json").utente), 200),
  )
  .openapi(signupRoute("/users/extSign_register"), async (c) =>
    c.json(await signUp(c, c.req.valid("json").utente), 200),
  )
  .openapi(authenticate, async (c) => {
    const { account, restored } = await login(authContext(c), c.req.valid("json"));
    return c.json(
      {
        account_active: true as const,
        message: "",
        account_restored: restored,
        ...(await sessionBody(c, account)),
      },
      200,
    );
  })
  .openapi(verify, async (c) => c.json((await verifySession(c, c.req.valid("json").token)).body, 200))
  .openapi(logout, async (c) => {
    await endSessions(authContext(c), c.var.session.accountId);
    await endMemberSessions(c.env, c.var.session.clickid, "logout");
    return c.json({ result: "OK" as const }, 200);
  })
  .openapi(forgot, async (c) => {
    await requestPasswordReset(authContext(c), c.req.valid("json").email);
    return c.json({ result: "OK" as const }, 200);
  })
  .openapi(reset, async (c) => {
    const account = await resetPassword(authContext(c), c.req.valid("json"));
    await endMemberSessions(c.env, account.clickid, "password_changed");
    return c.json({ result: "OK" as const, user: { clickid: account.clickid } }, 200);
  })
  .openapi(changeEmailRoute, async (c) => {
    const account = await changeEmail(authContext(c), await sessionAccount(c), c.req.valid("json").newEmail);
    return c.json({ result: "OK" as const, user: { email: account.email, valid_email: true } }, 200);
  })
  .openapi(resend, async (c) => {
    await resendActivation(authContext(c), await sessionAccount(c));
    return c.json({ result: "OK" as const }, 200);
  })
  .openapi(resendTo, async (c) => {
    await resendActivationTo(authContext(c), c.req.valid("json").email);
    return c.json({ result: "OK" as const }, 200);
  })
  .openapi(confirm, async (c) => {
    const account = await confirmEmail(authContext(c), c.req.valid("json").token);
    return c.json(await sessionBody(c, account), 200);
  })
  .openapi(autoLoginRoute, async (c) => {
    const { token, channel, remarketing_clickid } = c.req.valid("json");
    const account = await autoLogin(authContext(c), token, channel ?? "email", remarketing_clickid);
    return c.json(await sessionBody(c, account), 200);
  })
  .openapi(ownUser, async (c) => {
    if (c.req.valid("param").clickid !== c.var.session.clickid) throw forbidden();
    const account = await sessionAccount(c);
    const { tipoautologin, eventoautologin, remarketingclickid } = c.req.valid("header");
    if (tipoautologin) {
      await completeAutoLoginClick(c.var.db, account.id, {
        channel: tipoautologin,
        evento: eventoautologin,
        remarketingClickid: remarketingclickid,
      });
    }
    const user = {
      clickid: account.clickid,
      email: account.email,
      valid_email: account.confirmedEmail,
      premiumLevel: account.premiumLevel,
    };
    return c.json({ result: "OK" as const, user }, 200);
  })
  .openapi(disable, async (c) => {
    if (c.req.valid("json").clickid !== c.var.session.clickid) throw forbidden();
    await disableProfile(authContext(c), await sessionAccount(c));
    // The member's other tabs reload, as a visitor's: the sessions ended with the account. A room that
    // cannot be told does not undo the disabling.
    await endMemberSessions(c.env, c.var.session.clickid, "account_disabled");
    return c.json({ result: "OK" as const }, 200);
  });
