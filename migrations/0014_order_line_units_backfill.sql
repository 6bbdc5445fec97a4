-- Lines written before order_items.unit existed took the default 'kg': a line of a per-pack product counts packs.
UPDATE `order_items` SET `unit` = 'pack' WHERE `product_id` IN (SELECT `id` FROM `products` WHERE `unit` = 'pack');
