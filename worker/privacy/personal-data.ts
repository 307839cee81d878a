// The registry of personal data (DESIGN.md section 9): every table of drizzle/schema/ is declared here, and every
// column of a table that holds a member's data is classified. The data archive (export.service.ts) and the
// erasure (erasure.service.ts) both walk this list, so neither can forget a table; tests/unit/personal-data.test.ts
// fails when a table of the schema is missing, and the types fail when a column of a member table is.
import { sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { angelCounts, angels } from "../../drizzle/schema/angels";
import { clientErrors } from "../../drizzle/schema/attribution";
import {
  cohortWeekly,
  funnelDaily,
  moneyDaily,
  payersAnyDaily,
  payersDaily,
} from "../../drizzle/schema/dashboard";
import { flows, ratePlanPrices, ratePlans } from "../../drizzle/schema/flows";
import { cities, regions } from "../../drizzle/schema/geo";
import { notificationDaily } from "../../drizzle/schema/notifications";
import { angelPersonaNotes, operators } from "../../drizzle/schema/ops";
import { sandboxTransactions } from "../../drizzle/schema/payments";
import { erasureTombstones } from "../../drizzle/schema/privacy";
import { testimonials } from "../../drizzle/schema/testimonials";
import { bannedEmails } from "../../drizzle/schema/tracking";
import { memberActivityTables } from "./member-activity-tables";
import { memberChannelTables } from "./member-channel-tables";
import { memberMoneyTables } from "./member-money-tables";
import { type MemberTable, member, type OtherTable } from "./personal-data-model";

/** Every table that holds members' data, in the order an erasure deletes them (children before parents). */
export const memberTables: readonly MemberTable[] = [
  ...memberActivityTables,
  ...memberChannelTables,
  ...memberMoneyTables,
  // Last: the account becomes the shell the kept records point to.
  member({
    name: "accounts",
    table: accounts,
    rows: (m) => sql`${accounts.id} = ${m.id}`,
    erasure: "pseudonymise",
    file: "account",
    columns: {
      id: "key",
      clickid: "key",
      brandId: "record",
      email: "personal",
      passwordHash: "secret",
      googleSub: "personal",
      confirmedEmail: "personal",
      country: "record",
      region: "personal",
      city: "personal",
      province: "personal",
      age: "personal",
      gender: "personal",
      seeking: "personal",
      username: "personal",
      surname: "personal",
      description: "personal",
      lookingFor: "personal",
      phone: "personal",
      preferredAge: "personal",
      defaultPhoto: "personal",
      emailScore: "personal",
      fluxId: "service",
      source: "personal",
      campid: "personal",
      ip: "personal",
      ua: "personal",
      fingerprint: "personal",
      remarketingClickid: "personal",
      premiumLevel: "record",
      messageCredits: "record",
      icebreakerCredits: "record",
      likeCredits: "record",
      messagePrice: "service",
      giftMessages: "personal",
      verifiedUser: "personal",
      pendingMessage: "personal",
      balanceSeq: "service",
      customerId: "personal",
      pushToken: "personal",
      telegramId: "personal",
      notifyEmail: "personal",
      notifyTelegram: "personal",
      notifyPush: "personal",
      nextBillDate: "personal",
      lastActivity: "personal",
      disabled: "service",
      disabledAt: "service",
      sessionVersion: "service",
      credentialsVersion: "service",
      photoCount: "service",
      createdAt: "record",
      deletionRequestedAt: "record",
      erasureDueAt: "record",
      erasedAt: "record",
    },
    // The shell keeps unique, non-null identifiers that name nobody: the old ones are tombstoned (erasure.service).
    erasedValues: {
      // The photos are gone with the erasure: the cap's count with them.
      photoCount: () => sql`0`,
      clickid: (m) => sql`${`erased-${m.id}`}`,
      email: (m) => sql`${`erased-${m.id}@erased.invalid`}`,
      gender: () => sql`''`,
      seeking: () => sql`''`,
      // Its default is on: a shell has no channel.
      notifyEmail: () => sql`false`,
    },
  }),
];

/** Tables that hold no member's data, each with the reason. */
export const otherTables: readonly OtherTable[] = [
  { name: "funnel_daily", table: funnelDaily, why: "the dashboard's counts per day, brand, flow and source" },
  {
    name: "money_daily",
    table: moneyDaily,
    why: "the dashboard's sums per day, brand, flow, source and provider",
  },
  {
    name: "cohort_weekly",
    table: cohortWeekly,
    why: "the dashboard's counts of first payers per sign-up week",
  },
  {
    name: "payers_daily",
    table: payersDaily,
    why: "the dashboard's counts of paying members per day, currency and previous paying day: no member in them",
  },
  {
    name: "payers_any_daily",
    table: payersAnyDaily,
    why: "the dashboard's counts of paying members per day and previous paying day, in any currency",
  },
  { name: "angels", table: angels, why: "the fictional profiles run by operators" },
  { name: "angel_counts", table: angelCounts, why: "counts of angels per place" },
  { name: "flows", table: flows, why: "the flows' configuration" },
  { name: "rate_plans", table: ratePlans, why: "the plans on sale" },
  { name: "rate_plan_prices", table: ratePlanPrices, why: "the plans' past prices, for honest reductions" },
  { name: "regions", table: regions, why: "the list of regions" },
  {
    name: "notification_daily",
    table: notificationDaily,
    why: "counts of notifications sent, opened and followed per brand, channel and day: no member in them",
  },
  { name: "cities", table: cities, why: "the list of cities" },
  {
    name: "testimonials",
    table: testimonials,
    why: "reviews shown on the home page (samples or supplied by a brand)",
  },
  { name: "operators", table: operators, why: "the staff's console accounts, not members" },
  {
    name: "angel_persona_notes",
    table: angelPersonaNotes,
    why: "operators' notes about the fictional profiles",
  },
  {
    name: "client_errors",
    table: clientErrors,
    why: "browsers' error reports scrubbed of addresses, numbers and tokens before they are stored, with no account or device",
  },
  {
    name: "banned_emails",
    table: bannedEmails,
    why: "addresses and domains refused at sign-up by the staff: a blocklist, linked to no account",
  },
  {
    name: "erasure_tombstones",
    table: erasureTombstones,
    why: "keyed hashes of erased identifiers: they cannot be turned back into the values or linked to a person",
  },
  {
    name: "sandbox_transactions",
    table: sandboxTransactions,
    why: "the built-in sandbox provider's own records (local runs only), as a real provider keeps them on its side",
  },
];
