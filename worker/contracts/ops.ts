// The console's wire shapes (zod), shared by the Worker's /ops/api routes and the web console.

import { z } from "zod";
import { Int4IdParam } from "./bounds";
import { RequiredClickid } from "./clickid";
import { Balances } from "./credits";
import { Locale } from "./locales";

export const operatorRoles = ["operator", "supervisor", "admin"] as const;
export const OperatorRole = z.enum(operatorRoles);
export type OperatorRole = z.infer<typeof OperatorRole>;

/** Roles that may edit persona notes and read the audit log. */
export const supervising: readonly OperatorRole[] = ["supervisor", "admin"];

/**
 * Roles that cover every brand. The others see and act on the members of the brands they are given only
 * (docs/decisions/2026-11-29-operators-scoped-to-brands.md).
 */
export const allBrandsRoles: readonly OperatorRole[] = ["admin"];

export const auditActions = [
  "login",
  "logout",
  "take",
  "release",
  "reply",
  "note_edit",
  "lease_expired",
  // A supervisor's refund of a payment, one the provider refused, and an attempt the console refused before
  // asking the provider (role, unknown or another brand's payment, refunded already, not refundable, …).
  "refund",
  "refund_refused",
  "refund_failed",
  // The member's rights (worker/privacy, worker/payments/withdrawal.service.ts): each step, by the member or a job.
  "data_export",
  "data_export_downloaded",
  "deletion_requested",
  "deletion_restored",
  "erasure_done",
  "consent_changed",
  "withdrawal",
  "withdrawal_refunded",
  "withdrawal_refund_failed",
  "retention_run",
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What an audit row's details may hold: a closed list, so that the console names each in its language. */
export const auditDetailKeys = [
  "clickid",
  "expiresAt",
  "messageId",
  "length",
  "paymentId",
  "amountCents",
  "currency",
  "reason",
  "creditsRemoved",
  "premiumLevel",
  "subscriptionEnded",
  "errorCode",
  "provider",
  // A refund attempt the console did not make: what it answered.
  "outcome",
  "status",
  // The member's rights: a withdrawal's quote and refund, a deletion's dates, an erasure's and a retention
  // run's row counts per table, the marketing consents after a change.
  "kind",
  "refundCents",
  "used",
  "bought",
  "performanceConsent",
  "refundId",
  "dueAt",
  "confirmedWith",
  "requestedAt",
  "deleted",
  "pseudonymised",
  "photos",
  "rows",
  "promotions",
  "third_parties",
] as const;
export type AuditDetailKey = (typeof auditDetailKeys)[number];
export type AuditDetails = Partial<
  Record<AuditDetailKey, string | number | boolean | null | Readonly<Record<string, number>>>
>;

export const OpsLoginRequest = z.object({
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(200),
});

export const Operator = z.object({
  id: z.number(),
  email: z.string(),
  displayName: z.string(),
  role: OperatorRole,
  capacity: z.number(),
  language: Locale,
  /** The role covers every brand (brands then lists them all). */
  allBrands: z.boolean(),
  /** The brands whose members the operator sees and acts on, with their titles. */
  brands: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type Operator = z.infer<typeof Operator>;

/** A conversation: one member (by clickid) and one angel. */
export const ConversationRef = z.object({
  clickid: RequiredClickid,
  angelId: Int4IdParam,
});

export const Lease = z.object({
  clickid: z.string(),
  angelId: z.number(),
  operatorId: z.number(),
  operatorName: z.string(),
  /** ISO time at which the lease ends unless the operator replies or releases first. */
  expiresAt: z.string(),
});
export type Lease = z.infer<typeof Lease>;

export const QueueItem = z.object({
  clickid: z.string(),
  angelId: z.number(),
  memberName: z.string().nullable(),
  angelName: z.string(),
  brandId: z.string(),
  /** The member's oldest message still without an angel message after it: what the wait counts from. */
  waitingSince: z.string(),
  lastMessage: z.string(),
  lease: Lease.nullable(),
});
export type QueueItem = z.infer<typeof QueueItem>;

export const OpsMessage = z.object({
  id: z.number(),
  /** personal (the member), angel or like. */
  type: z.string(),
  msg: z.string(),
  time: z.string(),
  /** An angel message whose time has not come yet: stored, not yet shown to the member. */
  scheduled: z.boolean(),
  provider: z.string().nullable(),
});

export const MemberProfile = z.object({
  clickid: z.string(),
  name: z.string().nullable(),
  age: z.number().nullable(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  brandId: z.string(),
  brandTitle: z.string(),
  language: Locale,
  premiumLevel: z.number(),
  ...Balances.shape,
  verified: z.boolean(),
  description: z.string().nullable(),
  /** The member's default photo; null without one. */
  photo: z.string().nullable(),
  /** What the member says they look for (cosa_cerco). */
  seeking: z.string().nullable(),
});

export const AngelProfile = z.object({
  id: z.number(),
  screenName: z.string(),
  photo: z.string(),
  age: z.number(),
  city: z.string(),
  region: z.string(),
  country: z.string(),
  about: z.string(),
  description: z.string(),
});

export const PersonaNotes = z.object({
  notes: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

export const ConversationView = z.object({
  messages: z.array(OpsMessage),
  member: MemberProfile,
  angel: AngelProfile,
  notes: PersonaNotes,
  lease: Lease.nullable(),
});

export const ReplyRequest = z.object({ msg: z.string().trim().min(1).max(2000) });
export const NotesRequest = z.object({ notes: z.string().max(5000) });

export const AuditEntry = z.object({
  id: z.number(),
  time: z.string(),
  action: z.string(),
  operatorId: z.number().nullable(),
  operatorName: z.string().nullable(),
  accountId: z.number().nullable(),
  angelId: z.number().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});

/** The console's view of the members' rights: deletions and withdrawals with their deadlines. */
export const DeletionRow = z.object({
  accountId: z.number(),
  brandTitle: z.string(),
  requestedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  erasedAt: z.string().nullable(),
  /** pending (grace period running), overdue (the job has not erased it yet), erased. */
  state: z.enum(["pending", "overdue", "erased"]),
});

export const WithdrawalRow = z.object({
  id: z.number(),
  accountId: z.number(),
  paymentId: z.number(),
  provider: z.string(),
  kind: z.string(),
  refundCents: z.number(),
  currency: z.string(),
  status: z.string(),
  createdAt: z.string(),
  /** The refund is owed by this date. */
  refundDueAt: z.string(),
});

export const RightsView = z.object({ deletions: z.array(DeletionRow), withdrawals: z.array(WithdrawalRow) });
