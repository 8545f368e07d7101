-- Every server keeps copies of the catalog, the delivery slots and the settings in memory
-- (server/lib/read-cache.ts). Any committed change to those tables, whoever makes it (this server,
-- another instance, `npm run catalog:import`, psql), notifies channel popote_cache, and every
-- server drops its copies. PostgreSQL sends one notification per transaction however many rows.
CREATE FUNCTION popote_notify_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('popote_cache', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION popote_notify_cache();
--> statement-breakpoint
CREATE TRIGGER menus_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menus FOR EACH STATEMENT EXECUTE FUNCTION popote_notify_cache();
--> statement-breakpoint
CREATE TRIGGER menu_categories_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menu_categories FOR EACH STATEMENT EXECUTE FUNCTION popote_notify_cache();
--> statement-breakpoint
CREATE TRIGGER menu_category_products_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menu_category_products FOR EACH STATEMENT EXECUTE FUNCTION popote_notify_cache();
--> statement-breakpoint
CREATE TRIGGER delivery_locations_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delivery_locations FOR EACH STATEMENT EXECUTE FUNCTION popote_notify_cache();
--> statement-breakpoint
CREATE TRIGGER tours_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tours FOR EACH STATEMENT EXECUTE FUNCTION popote_notify_cache();
--> statement-breakpoint
CREATE TRIGGER deliveries_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON deliveries FOR EACH STATEMENT EXECUTE FUNCTION popote_notify_cache();
--> statement-breakpoint
CREATE TRIGGER settings_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings FOR EACH STATEMENT EXECUTE FUNCTION popote_notify_cache();
--> statement-breakpoint
CREATE TRIGGER contact_types_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contact_types FOR EACH STATEMENT EXECUTE FUNCTION popote_notify_cache();
--> statement-breakpoint
-- A dish put on or taken off a day's menu, or its stock changed: always.
CREATE TRIGGER product_availabilities_cache AFTER INSERT OR DELETE OR TRUNCATE ON product_availabilities FOR EACH STATEMENT EXECUTE FUNCTION popote_notify_cache();
--> statement-breakpoint
-- A reservation (a cart taking or giving back portions) only when it flips the dish's sold_out
-- flag: the lunch rush's thousands of reservations leave the copies alone until a dish sells out
-- or comes back (NULL stock means no limit: the comparison is NULL on both sides, not distinct).
CREATE TRIGGER product_availabilities_stock_cache AFTER UPDATE ON product_availabilities FOR EACH ROW
  WHEN (
    OLD.stock IS DISTINCT FROM NEW.stock
    OR OLD.product_id <> NEW.product_id
    OR OLD.date <> NEW.date
    OR (OLD.reserved >= OLD.stock) IS DISTINCT FROM (NEW.reserved >= NEW.stock)
  )
  EXECUTE FUNCTION popote_notify_cache();
