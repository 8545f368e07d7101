CREATE TABLE "day_closings" (
	"date" date PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_by" text,
	"figures" jsonb NOT NULL
);
