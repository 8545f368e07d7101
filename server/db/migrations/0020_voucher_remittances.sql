CREATE TABLE "voucher_remittance_items" (
	"remittance_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"issuer" text NOT NULL,
	"count" integer NOT NULL,
	"total_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_remittances" (
	"id" serial PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"count" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"deadline" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paid_cents" integer
);
--> statement-breakpoint
ALTER TABLE "voucher_remittance_items" ADD CONSTRAINT "voucher_remittance_items_remittance_id_voucher_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."voucher_remittances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_remittance_items" ADD CONSTRAINT "voucher_remittance_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_remittance_items_order_issuer_uq" ON "voucher_remittance_items" USING btree ("order_id","issuer");