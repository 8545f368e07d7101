CREATE TABLE "round_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" serial NOT NULL,
	"round_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"device_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"staff_id" integer,
	"staff_email" text
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"date" date NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paper_vouchers_received" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "containers_received" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_due_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "round_events" ADD CONSTRAINT "round_events_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_events" ADD CONSTRAINT "round_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "round_events_round_idx" ON "round_events" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "round_events_order_idx" ON "round_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_tour_date_uq" ON "rounds" USING btree ("tour_id","date");