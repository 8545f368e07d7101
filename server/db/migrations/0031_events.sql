CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"date" date,
	"customer_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "events_txid_idx" ON "events" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "events_at_idx" ON "events" USING btree ("at");--> statement-breakpoint
-- News for the open pages (server/modules/events/): each trigger writes its line in the
-- transaction of the change, whoever makes it (a request, another server, an import, psql), and
-- notifies popote_events, which every server LISTENs to. The payload is empty: PostgreSQL sends one
-- notification per transaction and channel for equal payloads, and the servers read the lines.
CREATE FUNCTION popote_event(kind text, day date, customer integer, data jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (kind, date, customer_id, data) VALUES (kind, day, customer, data);
  PERFORM pg_notify('popote_events', '');
END
$$;
--> statement-breakpoint
-- A dish's portions: when it sells out or comes back, or its cap changes; not at each reservation
-- (thousands at lunch) that leaves it on sale.
CREATE FUNCTION popote_event_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM popote_event('stock', NEW.date, NULL, jsonb_build_object('product_id', NEW.product_id, 'sold_out', NEW.stock IS NOT NULL AND NEW.reserved >= NEW.stock));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_availabilities_event AFTER UPDATE ON product_availabilities FOR EACH ROW
  WHEN (OLD.stock IS DISTINCT FROM NEW.stock OR (OLD.reserved >= OLD.stock) IS DISTINCT FROM (NEW.reserved >= NEW.stock))
  EXECUTE FUNCTION popote_event_stock();
--> statement-breakpoint
-- A dish put on or taken off a day's menu (an import, the team): one line per day touched.
CREATE FUNCTION popote_event_catalog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM popote_event('catalog', day, NULL, '{}'::jsonb) FROM (SELECT DISTINCT date AS day FROM changed_rows) AS days;
  ELSE
    PERFORM popote_event('catalog', day, NULL, '{}'::jsonb) FROM (SELECT DISTINCT date AS day FROM gone_rows) AS days;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_availabilities_added_event AFTER INSERT ON product_availabilities REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION popote_event_catalog();
--> statement-breakpoint
CREATE TRIGGER product_availabilities_removed_event AFTER DELETE ON product_availabilities REFERENCING OLD TABLE AS gone_rows
  FOR EACH STATEMENT EXECUTE FUNCTION popote_event_catalog();
--> statement-breakpoint
-- An order placed, or its state or status changed (delivered, absent, cancelled, refunded…): news
-- for its customer and for the team's pages of its day.
CREATE FUNCTION popote_event_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM popote_event('order', NEW.delivery_date, NEW.customer_id, jsonb_build_object('order_id', NEW.id, 'state', NEW.state, 'status', NEW.status));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_placed_event AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION popote_event_order();
--> statement-breakpoint
CREATE TRIGGER orders_changed_event AFTER UPDATE ON orders FOR EACH ROW
  WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.status IS DISTINCT FROM NEW.status OR OLD.delivery_date IS DISTINCT FROM NEW.delivery_date)
  EXECUTE FUNCTION popote_event_order();
--> statement-breakpoint
-- A round opened, closed or given a courier: the team's pages of its day.
CREATE FUNCTION popote_event_round() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM popote_event('round', NEW.date, NULL, jsonb_build_object('tour_id', NEW.tour_id, 'closed', NEW.closed_at IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rounds_event AFTER INSERT OR UPDATE OF closed_at, courier_id ON rounds FOR EACH ROW EXECUTE FUNCTION popote_event_round();
