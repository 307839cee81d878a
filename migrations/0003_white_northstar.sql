CREATE TABLE "angel_persona_notes" (
	"angel_id" integer PRIMARY KEY NOT NULL,
	"notes" text NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"display_name" text NOT NULL,
	"role" text DEFAULT 'operator' NOT NULL,
	"capacity" integer DEFAULT 3 NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"session_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_role_known" CHECK ("operators"."role" in ('operator', 'supervisor', 'admin')),
	CONSTRAINT "operators_capacity_positive" CHECK ("operators"."capacity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "ops_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ops_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_id" bigint,
	"action" text NOT NULL,
	"account_id" bigint,
	"angel_id" integer,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "angel_persona_notes" ADD CONSTRAINT "angel_persona_notes_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ops_audit_log" ADD CONSTRAINT "ops_audit_log_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operators_email_key" ON "operators" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "ops_audit_log_time_idx" ON "ops_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ops_audit_log_operator_idx" ON "ops_audit_log" USING btree ("operator_id","created_at");