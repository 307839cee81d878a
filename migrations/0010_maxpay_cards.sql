CREATE TABLE "maxpay_cards" (
	"reference" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"kept" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
