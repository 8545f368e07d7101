-- One cart change in one statement (server/modules/cart/cart-apply.ts): the server computes the
-- cart's next state from the version it read, and this function writes it only if the cart is
-- still at that version, with the line and the stock it takes or gives back. A change that finds
-- the cart moved on writes nothing and answers null (the caller starts over on the locked cart).
-- Portions are taken with the same conditional UPDATE as before: the database arbitrates between
-- carts; a portion it cannot take aborts the whole statement (SQLSTATE PP409, the dish id as
-- detail), so a refused change leaves nothing behind. Rows are taken in dish id order, as every
-- other reservation does, so two changes never wait for each other crosswise.
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
  p_updated_at timestamptz
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_version integer;
  v_product integer;
  v_count integer;
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
  RETURN v_version;
END
$$;
