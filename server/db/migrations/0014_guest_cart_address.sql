ALTER TABLE "carts" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "carts_guest_address_idx" ON "carts" USING btree ("client_address") WHERE "carts"."customer_id" is null;