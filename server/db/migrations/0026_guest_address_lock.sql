-- The guests' address cap checked inside the cart's one statement (server/modules/cart/cart-apply.ts,
-- guest-limits.ts). Each change counted the address's other guest carts, then wrote: guests of one
-- address adding at the same moment all counted before any wrote, and held 26 to 30 portions
-- against 24 on PostgreSQL. Now a guest's change that adds portions takes the address's lock
-- (a transaction-level advisory lock, keyed by the address: guests of other addresses and
-- customers never wait on it), writes, then counts every live guest cart of the address, its own
-- as just written, and undoes the whole statement past the cap (SQLSTATE PP429, the count as
-- detail). The lock is taken after the cart's own row and before any stock row, the order every
-- change keeps; the count is a statement of its own, so it sees every change of the address
-- committed while this one waited. A customer's change, or a guest's that adds nothing, passes
-- NULL and is the statement it was.
--
-- A new overload with the two parameters: a server started before this migration still calls
-- the one of migration 0012 until it restarts.
CREATE FUNCTION popote_cart_apply(
  p_cart_id integer,
  p_version integer,
  p_unique_id text,
  p_product_id integer,
  p_menu_id integer,
  p_composition jsonb,
  p_quantity integer,
  p_date date,
  p_portions jsonb,
  p_cutlery integer,
  p_tote_bags integer,
  p_deposits_returned integer,
  p_discount_id integer,
  p_sponsor_customer_id integer,
  p_expires_at timestamptz,
  p_updated_at timestamptz,
  p_guest_address text,
  p_guest_max integer
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_version integer;
  v_product integer;
  v_count integer;
  v_held integer;
BEGIN
  UPDATE carts
     SET cutlery = p_cutlery, tote_bags = p_tote_bags, deposits_returned = p_deposits_returned,
         discount_id = p_discount_id, sponsor_customer_id = p_sponsor_customer_id,
         expires_at = p_expires_at, updated_at = p_updated_at, version = version + 1
   WHERE id = p_cart_id AND version = p_version
  RETURNING version INTO v_version;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF p_guest_max IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('popote_guest_address'), hashtext(p_guest_address));
  END IF;
  IF p_unique_id IS NOT NULL THEN
    IF p_quantity <= 0 THEN
      DELETE FROM cart_lines WHERE cart_id = p_cart_id AND unique_id = p_unique_id;
    ELSE
      INSERT INTO cart_lines (cart_id, unique_id, product_id, menu_id, composition, quantity)
      VALUES (p_cart_id, p_unique_id, p_product_id, p_menu_id, p_composition, p_quantity)
      ON CONFLICT (cart_id, unique_id) DO UPDATE SET quantity = excluded.quantity;
    END IF;
  END IF;
  FOR v_product, v_count IN
    SELECT key::integer, value::integer FROM jsonb_each_text(coalesce(p_portions, '{}'::jsonb)) ORDER BY key::integer
  LOOP
    IF v_count > 0 THEN
      UPDATE product_availabilities SET reserved = reserved + v_count
       WHERE product_id = v_product AND date = p_date AND (stock IS NULL OR reserved + v_count <= stock);
      IF NOT FOUND THEN
        RAISE EXCEPTION 'sold out' USING ERRCODE = 'PP409', DETAIL = v_product::text;
      END IF;
    ELSIF v_count < 0 THEN
      UPDATE product_availabilities SET reserved = greatest(reserved + v_count, 0)
       WHERE product_id = v_product AND date = p_date;
    END IF;
  END LOOP;
  IF p_guest_max IS NOT NULL THEN
    -- A line's portions as portionsOf counts them (cart.repo.ts): its dish, a formula's dishes and
    -- extras, times its quantity.
    SELECT coalesce(sum(l.quantity * (
             (l.product_id IS NOT NULL)::integer
             + (SELECT count(*) FROM jsonb_each(coalesce(l.composition -> 'sub_products', '{}'::jsonb)))
             + (SELECT coalesce(sum(jsonb_array_length(e.value)), 0) FROM jsonb_each(coalesce(l.composition -> 'additional_products', '{}'::jsonb)) e)
           )), 0)::integer
      INTO v_held
      FROM cart_lines l JOIN carts c ON c.id = l.cart_id
     WHERE c.id = p_cart_id
        OR (c.customer_id IS NULL AND c.client_address = p_guest_address AND c.expires_at > p_updated_at);
    IF v_held > p_guest_max THEN
      RAISE EXCEPTION 'guest address limit' USING ERRCODE = 'PP429', DETAIL = v_held::text;
    END IF;
  END IF;
  RETURN v_version;
END
$$;
