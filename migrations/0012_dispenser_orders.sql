CREATE TABLE "angel_counts" (
	"country" text NOT NULL,
	"gender" text NOT NULL,
	"place_kind" text NOT NULL,
	"place" text NOT NULL,
	"age" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "angel_counts_country_gender_place_kind_place_age_pk" PRIMARY KEY("country","gender","place_kind","place","age")
);
--> statement-breakpoint
DROP INDEX "angels_region_page_idx";--> statement-breakpoint
DROP INDEX "angels_city_page_idx";--> statement-breakpoint
ALTER TABLE "angels" ADD COLUMN "seed_rank_1" integer GENERATED ALWAYS AS ((shuffle_key::bigint * 1103515245 % 2147483647)::int) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "angels" ADD COLUMN "seed_rank_2" integer GENERATED ALWAYS AS ((shuffle_key::bigint * 1812433253 % 2147483647)::int) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "angels" ADD COLUMN "seed_rank_3" integer GENERATED ALWAYS AS ((shuffle_key::bigint * 1566083941 % 2147483647)::int) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "angels_region_order0_idx" ON "angels" USING btree ("country","gender","region","shuffle_key","id","age");--> statement-breakpoint
CREATE INDEX "angels_city_order0_idx" ON "angels" USING btree ("country","gender","city","shuffle_key","id","age");--> statement-breakpoint
CREATE INDEX "angels_region_order1_idx" ON "angels" USING btree ("country","gender","region","seed_rank_1","id","age");--> statement-breakpoint
CREATE INDEX "angels_city_order1_idx" ON "angels" USING btree ("country","gender","city","seed_rank_1","id","age");--> statement-breakpoint
CREATE INDEX "angels_region_order2_idx" ON "angels" USING btree ("country","gender","region","seed_rank_2","id","age");--> statement-breakpoint
CREATE INDEX "angels_city_order2_idx" ON "angels" USING btree ("country","gender","city","seed_rank_2","id","age");--> statement-breakpoint
CREATE INDEX "angels_region_order3_idx" ON "angels" USING btree ("country","gender","region","seed_rank_3","id","age");--> statement-breakpoint
CREATE INDEX "angels_city_order3_idx" ON "angels" USING btree ("country","gender","city","seed_rank_3","id","age");