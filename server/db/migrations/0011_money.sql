-- Card payments left live beside a newer one of the same customer stop counting (one live each).
UPDATE "payments" SET "status" = 'superseded' WHERE "provider" = 'paygreen' AND "status" IN ('starting', 'pending', 'authorized') AND "order_id" IS NULL AND "id" NOT IN (SELECT max("id") FROM "payments" WHERE "provider" = 'paygreen' AND "status" IN ('starting', 'pending', 'authorized') AND "order_id" IS NULL GROUP BY "customer_id");--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paper_vouchers_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paper_vouchers_excess_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paper_vouchers_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_means" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "notified_status" text;--> statement-breakpoint
ALTER TABLE "pre_orders" ADD COLUMN "cart_version" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_live_card_uq" ON "payments" USING btree ("customer_id") WHERE "payments"."provider" = 'paygreen' and "payments"."status" in ('starting', 'pending', 'authorized') and "payments"."order_id" is null;--> statement-breakpoint
-- The demo's welcome code is for a first order (the seed inserts it only once).
UPDATE "discounts" SET "first_order_only" = true WHERE "code" = 'BIENVENUE10' AND "demo";
