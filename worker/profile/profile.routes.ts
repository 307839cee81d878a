// The own profile: GET /users/profile/{clickid} reads it; PUT /api/users/{clickid} takes the spec's forms
// (the profile form, the preferred age, the set-region popup's region and city): each form is a section that
// checks its fields and returns the columns to write, and the route writes them all in one update;
// POST /users/changeNotificationPreferences keeps the notification toggles.

import { createRoute, z } from "@hono/zod-openapi";
import { type Account, sessionUser } from "../auth/auth.service";
import { sessionAccount } from "../auth/session.service";
import { SessionUser } from "../contracts/auth";
import { Clickid } from "../contracts/clickid";
import { preferredAges } from "../contracts/discovery";
import {
  invalidProfileFields,
  NotificationPreferences,
  OwnProfile,
  ProfileForm,
  ProfileUpdate,
} from "../contracts/profile";
import { AppError, forbidden } from "../core/errors";
import { requireSession } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json, OkResult } from "../core/openapi";
import type { AppEnv } from "../env";
import { billingSummary } from "../payments/billing.service";
import { listPhotos } from "../photos/photos.service";
import {
  type AccountChanges,
  cityOfRegion,
  regionOfCountry,
  setNotificationPreferences,
  updateAccount,
} from "./profile.service";

const invalid = (field: string, messageKey: string, message: string) =>
  new AppError(400, "invalid_input", message, { field, messageKey });

const profileFields = ProfileForm.keyof().options;
/** An optional text: trimmed, and null when nothing is left. */
const optionalText = (text: string) => text.trim() || null;

/**
 * The profile form (eta, username, sono, cerco, descrizione, cosa_cerco): the fields sent are checked by
 * the rules the form itself shows (the first bad one answers with its message key); the others are kept.
 */
function formChanges(account: Account, body: ProfileUpdate): AccountChanges {
  const sent = profileFields.filter((field) => body[field] !== undefined);
  if (sent.length === 0) return {};
  const form: ProfileForm = {
    username: body.username ?? account.username ?? "",
    eta: body.eta === undefined ? account.age : body.eta,
    sono: body.sono ?? account.gender,
    cerco: body.cerco ?? account.seeking,
    descrizione: body.descrizione ?? account.description ?? "",
    cosa_cerco: body.cosa_cerco ?? account.lookingFor ?? "",
  };
  const bad = invalidProfileFields(form);
  const first = sent.find((field) => bad[field]);
  if (first) throw invalid(first, bad[first] ?? "errore_generico", `Invalid ${first}`);
  return {
    username: form.username.trim(),
    age: form.eta,
    gender: form.sono,
    seeking: form.cerco,
    description: optionalText(form.descrizione),
    lookingFor: optionalText(form.cosa_cerco),
  };
}

/** The preferred age range of the dispenser and the match stack. */
function ageChanges(body: ProfileUpdate): AccountChanges {
  if (body.preferred_age === undefined) return {};
  const range = body.preferred_age === null ? null : preferredAges.find((r) => r === body.preferred_age);
  if (range === undefined) throw invalid("preferred_age", "errore_eta_preferita", "Unknown age range");
  return { preferredAge: range };
}

/** Region and city (the set-region popup): a region clears a city of another region. */
async function placeChanges(
  db: AppEnv["Variables"]["db"],
  account: Account,
  body: ProfileUpdate,
): Promise<AccountChanges> {
  if (body.region === undefined && body.city === undefined) return {};
  let region = account.region;
  const changes: AccountChanges = {};
  if (body.region !== undefined) {
    const row = await regionOfCountry(db, account.country, body.region);
    if (!row) throw invalid("region", "errore_citta", "Unknown region");
    region = row.code;
    changes.region = row.code;
    if (row.code !== account.region) Object.assign(changes, { city: null, province: null });
  }
  if (body.city !== undefined) {
    if (!region) throw invalid("region", "errore_citta", "Choose a region first");
    const row = await cityOfRegion(db, account.country, region, body.city);
    if (!row) throw invalid("city", "citta_non_trovata", "City not found in this region");
    Object.assign(changes, { city: row.name, province: row.province });
  }
  return changes;
}

const updateProfile = createRoute({
  method: "put",
  path: "/api/users/{clickid}",
  tags: ["profile"],
  summary: "Update the own profile: the profile form, the preferred age, or region and city",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: {
    params: z.object({ clickid: Clickid }),
    body: { ...json(ProfileUpdate), required: true },
  },
  responses: {
    200: { description: "Updated", ...json(z.object({ result: z.literal("OK"), user: SessionUser })) },
    400: errorResponse(
      "invalid_input naming the field and its messageKey: username (errore_username), eta (eta), sono " +
        "(errore_sono), cerco (errore_cerco), descrizione (errore_descrizione), cosa_cerco " +
        "(errore_cosa_cerco), preferred_age (errore_eta_preferita), region (errore_citta), city " +
        "(citta_non_trovata), body",
    ),
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
  },
});

const readProfile = createRoute({
  method: "get",
  path: "/users/profile/{clickid}",
  tags: ["profile"],
  summary: "The own profile: the form's fields, the photos, the place, the credits and the billing status",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { params: z.object({ clickid: Clickid }) },
  responses: {
    200: { description: "The own profile", ...json(OwnProfile) },
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
  },
});

const changeNotificationPreferences = createRoute({
  method: "post",
  path: "/users/changeNotificationPreferences",
  tags: ["profile"],
  summary: "The notification toggles of the own profile (e-mail, Telegram, push)",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { body: { ...json(NotificationPreferences), required: true } },
  responses: {
    200: { description: "Saved", ...json(OkResult) },
    400: errorResponse("invalid_input"),
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
  },
});

export const profileRoutes = featureApp()
  .openapi(readProfile, async (c) => {
    if (c.req.valid("param").clickid !== c.var.session.clickid) throw forbidden();
    const account = await sessionAccount(c);
    const billing = await billingSummary(c.var.db, account);
    const profile: OwnProfile = {
      username: account.username,
      surname: account.surname,
      email: account.email,
      eta: account.age,
      sono: account.gender,
      cerco: account.seeking,
      descrizione: account.description,
      cosa_cerco: account.lookingFor,
      imageName: await listPhotos(c.var.db, c.var.brand.public, account),
      phone: account.phone,
      city: account.city,
      region: account.region,
      preferred_age: sessionUser(account).preferred_age,
      creditiMessaggi: account.messageCredits,
      creditiIcebreaker: account.icebreakerCredits,
      premiumLevel: account.premiumLevel,
      profileStatus: billing.status,
      nextBillDate: billing.nextBillDate,
      paylog: billing.paylog.map(({ chargeId, prezzo: price, currency, dataTransazione }) => ({
        chargeId,
        prezzo: price,
        currency,
        dataTransazione,
      })),
      notifications: {
        email: account.notifyEmail,
        telegram: account.notifyTelegram,
        notifiche_push: account.notifyPush,
      },
    };
    return c.json(profile, 200);
  })
  .openapi(updateProfile, async (c) => {
    if (c.req.valid("param").clickid !== c.var.session.clickid) throw forbidden();
    const account = await sessionAccount(c);
    const body = c.req.valid("json");
    const changes: AccountChanges = {
      ...formChanges(account, body),
      ...ageChanges(body),
      ...(await placeChanges(c.var.db, account, body)),
    };
    if (Object.keys(changes).length === 0) {
      throw new AppError(400, "invalid_input", "Nothing to update", { field: "body" });
    }
    const updated = await updateAccount(c.var.db, account.id, changes);
    return c.json({ result: "OK" as const, user: sessionUser(updated ?? account) }, 200);
  })
  .openapi(changeNotificationPreferences, async (c) => {
    const body = c.req.valid("json");
    if (body.clickid !== c.var.session.clickid) throw forbidden();
    await setNotificationPreferences(c.var.db, c.var.session.accountId, {
      email: body.email,
      telegram: body.telegram,
      push: body.notifiche_push,
    });
    return c.json({ result: "OK" as const }, 200);
  });
