CREATE TABLE "tour_couriers" (
	"tour_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"staff_id" integer NOT NULL,
	CONSTRAINT "tour_couriers_tour_id_weekday_pk" PRIMARY KEY("tour_id","weekday"),
	CONSTRAINT "tour_couriers_weekday_ck" CHECK ("tour_couriers"."weekday" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "round_events" ADD COLUMN "by_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rounds" ADD COLUMN "courier_id" integer;--> statement-breakpoint
ALTER TABLE "rounds" ADD COLUMN "courier_set" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_couriers" ADD CONSTRAINT "tour_couriers_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_couriers" ADD CONSTRAINT "tour_couriers_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_courier_id_staff_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;