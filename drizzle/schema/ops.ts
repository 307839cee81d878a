import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * A person who answers as the angels from the console at /ops. Not a member: own table, own login and
 * token kind. `capacity` is how many conversations the operator may hold (lease) at once.
 */
export const operators = pgTable(
  "operators",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    /** Argon2id PHC string (worker/core/password.ts). */
    passwordHash: text("password_hash").notNull(),
    displayName: text("display_name").notNull(),
    /** operator, supervisor or admin (worker/contracts/ops.ts). */
    role: text("role").notNull().default("operator"),
    /**
     * The brands (worker/brands/registry.ts ids) whose members the operator may see and act on. A role that
     * covers every brand (admin) ignores it; empty: no brand yet (docs/decisions/2026-11-29-operators-scoped-to-brands.md).
     */
    brandIds: text("brand_ids").array().notNull().default(sql`'{}'::text[]`),
    capacity: integer("capacity").notNull().default(3),
    /** The console's language until the operator picks another: it, en, es or fr. */
    language: text("language").notNull().default("en"),
    disabled: boolean("disabled").notNull().default(false),
    /** Bumped by logout: operator tokens carry it, so a logout ends every console session at once. */
    sessionVersion: integer("session_version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("operators_email_key").on(sql`lower(${t.email})`),
    check("operators_role_known", sql`${t.role} in ('operator', 'supervisor', 'admin')`),
    check("operators_capacity_positive", sql`${t.capacity} >= 1`),
  ],
);

/** What operators should know to play an angel consistently; one row per angel. */
export const angelPersonaNotes = pgTable("angel_persona_notes", {
  angelId: integer("angel_id").primaryKey(),
  notes: text("notes").notNull(),
  updatedBy: bigint("updated_by", { mode: "number" }).references(() => operators.id, {
    onDelete: "set null",
  }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every operator action (login, take, release, reply, note edit) and lease expiry (no operator acts, but
 * the lease's holder is recorded). Kept for supervisors; never holds a password or a token.
 */
export const opsAuditLog = pgTable(
  "ops_audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: bigint("operator_id", { mode: "number" }).references(() => operators.id, {
      onDelete: "set null",
    }),
    action: text("action").notNull(),
    accountId: bigint("account_id", { mode: "number" }),
    angelId: integer("angel_id"),
    details: jsonb("details"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ops_audit_log_time_idx").on(t.createdAt),
    index("ops_audit_log_operator_idx").on(t.operatorId, t.createdAt),
  ],
);
