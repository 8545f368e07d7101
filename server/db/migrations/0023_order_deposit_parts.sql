ALTER TABLE "orders" ADD COLUMN "deposit_charged_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Orders placed before: their parts from the pre-order they were placed from, else the net amount's sign.
UPDATE "orders" SET "deposit_charged_cents" = p."deposits_added" * 400, "deposit_refunded_cents" = p."deposits_returned" * 400
FROM "pre_orders" p WHERE p."id" = "orders"."pre_order_id" AND (p."deposits_added" - p."deposits_returned") * 400 = "orders"."deposit_cents";--> statement-breakpoint
UPDATE "orders" SET "deposit_charged_cents" = greatest("deposit_cents", 0), "deposit_refunded_cents" = greatest(-"deposit_cents", 0)
WHERE "deposit_charged_cents" = 0 AND "deposit_refunded_cents" = 0 AND "deposit_cents" <> 0;
