CREATE TABLE "pre_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"cart_id" integer,
	"delivery_id" integer,
	"delivery_date" date NOT NULL,
	"lines" jsonb NOT NULL,
	"final_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"discount_id" integer,
	"sponsor_customer_id" integer,
	"deposits_added" integer DEFAULT 0 NOT NULL,
	"deposits_returned" integer DEFAULT 0 NOT NULL,
	"pool_cents" integer DEFAULT 0 NOT NULL,
	"lunch_vouchers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"edenred_payment" jsonb,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pre_order_id" integer;--> statement-breakpoint
ALTER TABLE "pre_orders" ADD CONSTRAINT "pre_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_orders" ADD CONSTRAINT "pre_orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_orders" ADD CONSTRAINT "pre_orders_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pre_orders_customer_idx" ON "pre_orders" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_pre_order_uq" ON "orders" USING btree ("pre_order_id");