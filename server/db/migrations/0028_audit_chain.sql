CREATE TABLE "audit_chain" (
	"seq" integer PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"sealed" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_chain_head_single_row" CHECK ("audit_chain_head"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_chain" ADD CONSTRAINT "audit_chain_entry_id_audit_log_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."audit_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_chain_entry_uq" ON "audit_chain" USING btree ("entry_id");--> statement-breakpoint
-- The generic guard of append-only tables (docs/operations.md, "The audit trail"): fired BEFORE
-- UPDATE OR DELETE FOR EACH ROW and BEFORE TRUNCATE FOR EACH STATEMENT, it refuses the change,
-- naming it. OR REPLACE: the ledger's tables may already use one of this name; this one words
-- TRUNCATE too, and the server's runtime role loses what it refuses (server/db/open.ts).
CREATE OR REPLACE FUNCTION popote_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% refused on %: the table is append-only, its rows are never changed, deleted nor truncated', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
DROP TRIGGER audit_log_append_only ON "audit_log";
--> statement-breakpoint
DROP FUNCTION popote_audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION popote_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION popote_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_chain_append_only BEFORE UPDATE OR DELETE ON "audit_chain" FOR EACH ROW EXECUTE FUNCTION popote_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_chain_no_truncate BEFORE TRUNCATE ON "audit_chain" FOR EACH STATEMENT EXECUTE FUNCTION popote_append_only();
--> statement-breakpoint
-- The head moves forward (an UPDATE, by popote_audit_link only) but is never removed.
CREATE TRIGGER audit_chain_head_kept BEFORE DELETE ON "audit_chain_head" FOR EACH ROW EXECUTE FUNCTION popote_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_chain_head_no_truncate BEFORE TRUNCATE ON "audit_chain_head" FOR EACH STATEMENT EXECUTE FUNCTION popote_append_only();
--> statement-breakpoint
-- An audit line's canonical text, what its link seals: a JSON array of strings (or null), every
-- value as PostgreSQL writes it as text, times in UTC to the microsecond, the details as jsonb
-- writes them (keys in jsonb's own order). server/lib/audit-chain.ts builds the same text from
-- the columns to replay the chain; the first element names the format.
CREATE FUNCTION popote_audit_canonical(e "audit_log") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '[' || array_to_string(ARRAY[
    '"v1"',
    coalesce(to_json(e.id::text)::text, 'null'),
    coalesce(to_json(to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text, 'null'),
    coalesce(to_json(to_char(e.device_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text, 'null'),
    coalesce(to_json(e.staff_id::text)::text, 'null'),
    coalesce(to_json(e.staff_email)::text, 'null'),
    coalesce(to_json(e.action)::text, 'null'),
    coalesce(to_json(e.order_id::text)::text, 'null'),
    coalesce(to_json(e.customer_id::text)::text, 'null'),
    coalesce(to_json(e.product_id::text)::text, 'null'),
    coalesce(to_json(e.amount_cents::text)::text, 'null'),
    coalesce(to_json(e.details::text)::text, 'null'),
    coalesce(to_json(e.request_id)::text, 'null')
  ], ',') || ']'
$$;
--> statement-breakpoint
-- Adds an audit line's link after the head, and moves the head. The head's row lock serializes
-- links across every connection and server until the transaction ends.
CREATE FUNCTION popote_audit_link(e "audit_log") RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_head "audit_chain_head"%ROWTYPE;
  v_sealed text := popote_audit_canonical(e);
  v_hash text;
BEGIN
  SELECT * INTO v_head FROM "audit_chain_head" WHERE id = 1 FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'audit_chain_head is missing: the audit chain cannot be extended';
  END IF;
  v_hash := encode(sha256(convert_to(v_head.hash || E'\n' || v_sealed, 'UTF8')), 'hex');
  INSERT INTO "audit_chain" (seq, entry_id, prev_hash, hash, sealed) VALUES (v_head.seq + 1, e.id, v_head.hash, v_hash, v_sealed);
  UPDATE "audit_chain_head" SET seq = v_head.seq + 1, hash = v_hash WHERE id = 1;
END
$$;
--> statement-breakpoint
-- Deferred to the commit: the head is locked only while the transaction commits, when it waits
-- for nothing else, so chaining adds no deadlock and holds the lock a moment. SECURITY DEFINER:
-- the server's runtime role may insert audit lines but may neither write the chain nor move its head.
CREATE FUNCTION popote_audit_seal() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM popote_audit_link(NEW);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_log_seal AFTER INSERT ON "audit_log" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION popote_audit_seal();
--> statement-breakpoint
-- The genesis: 64 zeros, the previous hash of the first link.
INSERT INTO "audit_chain_head" (id, seq, hash) VALUES (1, 0, repeat('0', 64));
--> statement-breakpoint
-- The lines written before this migration are chained now, in the order of their ids.
DO $$
DECLARE
  e "audit_log";
BEGIN
  FOR e IN SELECT * FROM "audit_log" ORDER BY id LOOP
    PERFORM popote_audit_link(e);
  END LOOP;
END
$$;
