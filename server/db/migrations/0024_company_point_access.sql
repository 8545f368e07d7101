ALTER TABLE "delivery_locations" ADD COLUMN "access_email_domain" text;--> statement-breakpoint
ALTER TABLE "delivery_locations" ADD COLUMN "access_code" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "access_code_location_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_access_code_location_id_delivery_locations_id_fk" FOREIGN KEY ("access_code_location_id") REFERENCES "public"."delivery_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_locations" ADD CONSTRAINT "delivery_locations_one_access_rule" CHECK ("delivery_locations"."access_email_domain" is null or "delivery_locations"."access_code" is null);--> statement-breakpoint
ALTER TABLE "delivery_locations" ADD CONSTRAINT "delivery_locations_access_domain_form" CHECK ("delivery_locations"."access_email_domain" = lower("delivery_locations"."access_email_domain") and position('@' in "delivery_locations"."access_email_domain") = 0);--> statement-breakpoint
-- The reference seed's company points get their rules from the seed in a new database; one seeded
-- before has them here, once (the seed inserts missing points only and never overwrites one).
UPDATE "delivery_locations" SET "access_email_domain" = 'lugduneo.fr'
WHERE "name" = 'Lugdunéo Assurances – Part-Dieu' AND "access_email_domain" IS NULL AND "access_code" IS NULL;--> statement-breakpoint
UPDATE "delivery_locations" SET "access_code" = 'CANOPEE-VAISE'
WHERE "name" = 'Canopée Logiciels – Vaise' AND "access_email_domain" IS NULL AND "access_code" IS NULL;
