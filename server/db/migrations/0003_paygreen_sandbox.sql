CREATE TABLE "sandbox_paygreen_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"return_url" text NOT NULL,
	"cancel_url" text,
	"notification_url" text,
	"buyer" jsonb,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
