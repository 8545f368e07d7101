CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"unit" text NOT NULL,
	"kind" text NOT NULL,
	"customer_id" integer,
	"order_id" integer,
	"flag" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_opening" (
	"at" timestamp with time zone PRIMARY KEY NOT NULL,
	"orders_before" integer NOT NULL,
	"credit_notes_before" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"debit_account_id" integer NOT NULL,
	"credit_account_id" integer NOT NULL,
	"unit" text NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"pending_id" integer,
	"cause" text NOT NULL,
	"code" text NOT NULL,
	"order_id" integer,
	"payment_id" integer,
	"refund_id" integer,
	"credit_note_id" integer,
	"round_id" integer,
	"remittance_id" integer,
	"review" boolean DEFAULT false NOT NULL,
	"staff_id" integer,
	"staff_email" text,
	"note" text,
	"details" jsonb,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_transfers_amount_ck" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_sides_ck" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_kind_ck" CHECK ("ledger_transfers"."kind" in ('posted', 'pending', 'post', 'void') and (("ledger_transfers"."kind" in ('post', 'void')) = ("ledger_transfers"."pending_id" is not null)))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_id_unit_uq" ON "ledger_accounts" USING btree ("id","unit");--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_fk" FOREIGN KEY ("debit_account_id","unit") REFERENCES "public"."ledger_accounts"("id","unit") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_fk" FOREIGN KEY ("credit_account_id","unit") REFERENCES "public"."ledger_accounts"("id","unit") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_pending_fk" FOREIGN KEY ("pending_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_uq" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ledger_accounts_customer_idx" ON "ledger_accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_order_idx" ON "ledger_transfers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_at_idx" ON "ledger_transfers" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_pending_uq" ON "ledger_transfers" USING btree ("pending_id");--> statement-breakpoint
-- Nothing in the ledger is ever changed or deleted: a correction is a new transfer. The triggers
-- hold for every role; on PostgreSQL the server's runtime role also lacks the rights (docs/operations.md).
CREATE FUNCTION popote_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: its rows are never changed nor deleted', TG_TABLE_NAME;
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_accounts_append_only BEFORE UPDATE OR DELETE ON "ledger_accounts" FOR EACH ROW EXECUTE FUNCTION popote_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON "ledger_accounts" FOR EACH STATEMENT EXECUTE FUNCTION popote_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON "ledger_transfers" FOR EACH ROW EXECUTE FUNCTION popote_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON "ledger_transfers" FOR EACH STATEMENT EXECUTE FUNCTION popote_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_opening_append_only BEFORE UPDATE OR DELETE ON "ledger_opening" FOR EACH ROW EXECUTE FUNCTION popote_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_opening_no_truncate BEFORE TRUNCATE ON "ledger_opening" FOR EACH STATEMENT EXECUTE FUNCTION popote_append_only();--> statement-breakpoint
-- An account's balance, from its transfers alone: posted (posted, and the posted part of a post),
-- and pending (pending transfers nobody has posted or voided yet).
CREATE FUNCTION popote_ledger_balance(account integer, OUT debits_posted bigint, OUT credits_posted bigint, OUT debits_pending bigint, OUT credits_pending bigint)
LANGUAGE sql STABLE AS $$
  SELECT
    coalesce(sum(t.amount) FILTER (WHERE t.debit_account_id = account AND t.kind IN ('posted', 'post')), 0),
    coalesce(sum(t.amount) FILTER (WHERE t.credit_account_id = account AND t.kind IN ('posted', 'post')), 0),
    coalesce(sum(t.amount) FILTER (WHERE t.debit_account_id = account AND t.kind = 'pending' AND r.id IS NULL), 0),
    coalesce(sum(t.amount) FILTER (WHERE t.credit_account_id = account AND t.kind = 'pending' AND r.id IS NULL), 0)
  FROM ledger_transfers t
  LEFT JOIN ledger_transfers r ON r.pending_id = t.id
  WHERE t.debit_account_id = account OR t.credit_account_id = account
$$;--> statement-breakpoint
-- The containers a customer may still give back: held, less those already declared returned
-- (the cart's one-statement read uses it; the ledger module reads the same through its balances).
CREATE FUNCTION popote_containers_returnable(customer integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT (b.debits_posted - b.credits_posted - b.credits_pending)::int
    FROM ledger_accounts a CROSS JOIN LATERAL popote_ledger_balance(a.id) b
    WHERE a.code = 'customer:' || customer || ':containers'), 0)
$$;--> statement-breakpoint
-- What the ledger enforces whoever inserts: a post or a void resolves a pending transfer between the
-- same accounts, a post up to its amount, a void all of it; an account's limit holds, checked once
-- the account is locked (lock, then check: two spenders of one pool wait for each other).
CREATE FUNCTION popote_ledger_transfer_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held ledger_transfers%ROWTYPE;
  account record;
  balance record;
BEGIN
  IF NEW.kind IN ('post', 'void') THEN
    SELECT * INTO held FROM ledger_transfers WHERE id = NEW.pending_id;
    IF NOT FOUND OR held.kind <> 'pending' THEN
      RAISE EXCEPTION 'ledger: transfer % is not pending', NEW.pending_id USING ERRCODE = 'PL400';
    END IF;
    IF held.debit_account_id <> NEW.debit_account_id OR held.credit_account_id <> NEW.credit_account_id OR held.unit <> NEW.unit THEN
      RAISE EXCEPTION 'ledger: a % names other accounts than pending transfer %', NEW.kind, NEW.pending_id USING ERRCODE = 'PL400';
    END IF;
    IF (NEW.kind = 'post' AND NEW.amount > held.amount) OR (NEW.kind = 'void' AND NEW.amount <> held.amount) THEN
      RAISE EXCEPTION 'ledger: % of % for %, pending %', NEW.kind, NEW.pending_id, NEW.amount, held.amount USING ERRCODE = 'PL400';
    END IF;
    RETURN NEW;
  END IF;
  FOR account IN
    SELECT id, code, flag FROM ledger_accounts
    WHERE (id = NEW.debit_account_id AND flag = 'debits_must_not_exceed_credits') OR (id = NEW.credit_account_id AND flag = 'credits_must_not_exceed_debits')
    ORDER BY id FOR UPDATE
  LOOP
    SELECT * INTO balance FROM popote_ledger_balance(account.id);
    IF account.flag = 'debits_must_not_exceed_credits' AND balance.debits_posted + balance.debits_pending + NEW.amount > balance.credits_posted THEN
      RAISE EXCEPTION 'ledger: % would go below zero', account.code USING ERRCODE = 'PL409', DETAIL = account.code;
    END IF;
    IF account.flag = 'credits_must_not_exceed_debits' AND balance.credits_posted + balance.credits_pending + NEW.amount > balance.debits_posted THEN
      RAISE EXCEPTION 'ledger: % would go below zero', account.code USING ERRCODE = 'PL409', DETAIL = account.code;
    END IF;
  END LOOP;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_transfers_check BEFORE INSERT ON "ledger_transfers" FOR EACH ROW EXECUTE FUNCTION popote_ledger_transfer_check();--> statement-breakpoint
-- The opening: what a database held before the ledger is carried over as opening transfers, so
-- that every balance is read from the ledger from now on.
INSERT INTO "ledger_opening" ("at", "orders_before", "credit_notes_before")
  SELECT now(), coalesce((SELECT max(id) FROM orders), 0), coalesce((SELECT max(id) FROM credit_notes), 0);--> statement-breakpoint
INSERT INTO "ledger_accounts" ("code", "unit", "kind") VALUES
  ('shop:opening', 'eur', 'shop'), ('shop:sales', 'eur', 'shop'), ('shop:deposits', 'eur', 'shop'),
  ('shop:card', 'eur', 'shop'), ('shop:edenred', 'eur', 'shop'), ('shop:paper_vouchers', 'eur', 'shop'),
  ('shop:cash', 'eur', 'shop'), ('shop:bank', 'eur', 'shop'), ('shop:remittance_fees', 'eur', 'shop'),
  ('shop:containers', 'containers', 'shop');--> statement-breakpoint
-- Containers declared returned on orders not yet settled by their round: the old count had already
-- taken them off; in the ledger they are a pending return until the courier gets them.
CREATE TEMPORARY TABLE "ledger_open_returns" AS
  SELECT o.id AS order_id, o.customer_id, p.deposits_returned AS n
  FROM orders o JOIN pre_orders p ON p.id = o.pre_order_id
  WHERE o.containers_received IS NULL AND o.state IN ('placed', 'prepared', 'out') AND p.deposits_returned > 0;--> statement-breakpoint
-- Paper vouchers declared on orders not yet settled: pending, as placement makes them now.
CREATE TEMPORARY TABLE "ledger_open_vouchers" AS
  SELECT id AS order_id, customer_id, paper_vouchers_cents - paper_vouchers_excess_cents AS part, paper_vouchers_excess_cents AS excess
  FROM orders
  WHERE paper_vouchers_cents > 0 AND paper_vouchers_confirmed_at IS NULL AND state IN ('placed', 'prepared', 'out');--> statement-breakpoint
INSERT INTO "ledger_accounts" ("code", "unit", "kind", "customer_id", "flag")
  SELECT 'customer:' || c.id || ':pool', 'eur', 'pool', c.id, 'debits_must_not_exceed_credits' FROM customers c
  WHERE c.pool_cents > 0 OR EXISTS (SELECT 1 FROM ledger_open_vouchers v WHERE v.customer_id = c.id AND v.excess > 0);--> statement-breakpoint
INSERT INTO "ledger_accounts" ("code", "unit", "kind", "customer_id", "flag")
  SELECT 'customer:' || c.id || ':containers', 'containers', 'containers', c.id, 'credits_must_not_exceed_debits' FROM customers c
  WHERE c.deposits > 0 OR EXISTS (SELECT 1 FROM ledger_open_returns r WHERE r.customer_id = c.id);--> statement-breakpoint
INSERT INTO "ledger_accounts" ("code", "unit", "kind", "customer_id", "order_id")
  SELECT 'order:' || o.id, 'eur', 'order', o.customer_id, o.id FROM orders o
  WHERE o.balance_due_cents > 0 OR EXISTS (SELECT 1 FROM ledger_open_vouchers v WHERE v.order_id = o.id AND v.part > 0);--> statement-breakpoint
INSERT INTO "ledger_transfers" ("debit_account_id", "credit_account_id", "unit", "amount", "kind", "cause", "code", "at")
  SELECT (SELECT id FROM ledger_accounts WHERE code = 'shop:opening'), a.id, 'eur', c.pool_cents, 'posted', 'opening', 'pool', now()
  FROM customers c JOIN ledger_accounts a ON a.code = 'customer:' || c.id || ':pool' WHERE c.pool_cents > 0;--> statement-breakpoint
INSERT INTO "ledger_transfers" ("debit_account_id", "credit_account_id", "unit", "amount", "kind", "cause", "code", "at")
  SELECT a.id, (SELECT id FROM ledger_accounts WHERE code = 'shop:containers'), 'containers',
    c.deposits + coalesce((SELECT sum(r.n) FROM ledger_open_returns r WHERE r.customer_id = c.id), 0), 'posted', 'opening', 'containers', now()
  FROM customers c JOIN ledger_accounts a ON a.code = 'customer:' || c.id || ':containers';--> statement-breakpoint
INSERT INTO "ledger_transfers" ("debit_account_id", "credit_account_id", "unit", "amount", "kind", "cause", "code", "order_id", "at")
  SELECT (SELECT id FROM ledger_accounts WHERE code = 'shop:containers'), a.id, 'containers', r.n, 'pending', 'opening', 'containers_declared', r.order_id, now()
  FROM ledger_open_returns r JOIN ledger_accounts a ON a.code = 'customer:' || r.customer_id || ':containers';--> statement-breakpoint
INSERT INTO "ledger_transfers" ("debit_account_id", "credit_account_id", "unit", "amount", "kind", "cause", "code", "order_id", "at")
  SELECT a.id, (SELECT id FROM ledger_accounts WHERE code = 'shop:opening'), 'eur', o.balance_due_cents + coalesce(v.part, 0), 'posted', 'opening', 'order', o.id, now()
  FROM orders o JOIN ledger_accounts a ON a.code = 'order:' || o.id LEFT JOIN ledger_open_vouchers v ON v.order_id = o.id;--> statement-breakpoint
INSERT INTO "ledger_transfers" ("debit_account_id", "credit_account_id", "unit", "amount", "kind", "cause", "code", "order_id", "at")
  SELECT (SELECT id FROM ledger_accounts WHERE code = 'shop:paper_vouchers'), a.id, 'eur', v.part, 'pending', 'opening', 'vouchers_declared', v.order_id, now()
  FROM ledger_open_vouchers v JOIN ledger_accounts a ON a.code = 'order:' || v.order_id WHERE v.part > 0;--> statement-breakpoint
INSERT INTO "ledger_transfers" ("debit_account_id", "credit_account_id", "unit", "amount", "kind", "cause", "code", "order_id", "at")
  SELECT (SELECT id FROM ledger_accounts WHERE code = 'shop:paper_vouchers'), a.id, 'eur', v.excess, 'pending', 'opening', 'vouchers_excess', v.order_id, now()
  FROM ledger_open_vouchers v JOIN ledger_accounts a ON a.code = 'customer:' || v.customer_id || ':pool' WHERE v.excess > 0;--> statement-breakpoint
-- The pool applied to an open pre-order is now the customer's own pool alone: declared vouchers
-- always count apart (payment-cover.ts).
UPDATE "pre_orders" p SET "pool_cents" = greatest(0, p.pool_cents - least(p.pool_cents,
  coalesce((SELECT sum((r->>'quantity')::int * round((r->>'amount')::numeric * 100))::int FROM jsonb_array_elements(p.lunch_vouchers) r), 0)))
  WHERE p.order_id IS NULL AND p.pool_cents > 0;--> statement-breakpoint
DROP TABLE "ledger_open_returns";--> statement-breakpoint
DROP TABLE "ledger_open_vouchers";--> statement-breakpoint
DROP TABLE "pool_histories" CASCADE;--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "pool_cents";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "deposits";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "balance_due_cents";
