-- A lot won at auction is sold whole at its winning price: its final price is known from the close, so the
-- balance can be asked for without weighing. Orders made before this rule get it now.
UPDATE orders SET final_total_paise = estimated_total_paise WHERE source = 'auction' AND final_total_paise IS NULL;
--> statement-breakpoint
UPDATE order_items SET final_paise = price_paise * quantity
WHERE product_id IS NULL AND final_paise IS NULL AND order_id IN (SELECT id FROM orders WHERE source = 'auction');
