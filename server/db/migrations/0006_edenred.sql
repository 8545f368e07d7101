CREATE TABLE "edenred_accounts" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"id_token" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edenred_logins" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"customer_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_edenred_accounts" (
	"username" text PRIMARY KEY NOT NULL,
	"password" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"balance_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_edenred_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"username" text NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text,
	"code_challenge" text,
	"nonce" text,
	"scope" text,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_edenred_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"mid" text NOT NULL,
	"order_ref" text NOT NULL,
	"amount" integer NOT NULL,
	"captured_amount" integer DEFAULT 0 NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_edenred_widget_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"mid" text NOT NULL,
	"order_ref" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"username" text,
	"authorization_id" text,
	"error_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "edenred_accounts" ADD CONSTRAINT "edenred_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edenred_logins" ADD CONSTRAINT "edenred_logins_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edenred_logins" ADD CONSTRAINT "edenred_logins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_edenred_transactions_ref_uq" ON "sandbox_edenred_transactions" USING btree ("mid","order_ref");--> statement-breakpoint
CREATE INDEX "sandbox_edenred_transactions_user_day_idx" ON "sandbox_edenred_transactions" USING btree ("username","day");