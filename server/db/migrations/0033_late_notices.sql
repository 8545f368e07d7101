CREATE TABLE "late_notices" (
	"order_id" integer NOT NULL,
	"delivery_id" integer NOT NULL,
	"told_at" timestamp with time zone NOT NULL,
	CONSTRAINT "late_notices_order_id_delivery_id_pk" PRIMARY KEY("order_id","delivery_id")
);
--> statement-breakpoint
ALTER TABLE "late_notices" ADD CONSTRAINT "late_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_notices" ADD CONSTRAINT "late_notices_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;