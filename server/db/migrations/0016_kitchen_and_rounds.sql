CREATE TABLE "kitchen_sheet_prints" (
	"staff_id" integer NOT NULL,
	"date" date NOT NULL,
	"printed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kitchen_sheet_prints_staff_id_date_pk" PRIMARY KEY("staff_id","date")
);
--> statement-breakpoint
CREATE TABLE "tour_stops" (
	"tour_id" integer NOT NULL,
	"delivery_location_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "tour_stops_tour_id_delivery_location_id_pk" PRIMARY KEY("tour_id","delivery_location_id")
);
--> statement-breakpoint
ALTER TABLE "kitchen_sheet_prints" ADD CONSTRAINT "kitchen_sheet_prints_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_stops" ADD CONSTRAINT "tour_stops_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_stops" ADD CONSTRAINT "tour_stops_delivery_location_id_delivery_locations_id_fk" FOREIGN KEY ("delivery_location_id") REFERENCES "public"."delivery_locations"("id") ON DELETE cascade ON UPDATE no action;