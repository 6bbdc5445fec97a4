ALTER TABLE `order_items` ADD `name_te` text;--> statement-breakpoint
-- Lines made before the snapshot kept a Telugu name take their product's (or auction's) Telugu name of today.
UPDATE `order_items` SET `name_te` = (SELECT `name_te` FROM `products` WHERE `products`.`id` = `order_items`.`product_id`) WHERE `product_id` IS NOT NULL;
--> statement-breakpoint
UPDATE `order_items` SET `name_te` = (SELECT a.`title_te` FROM `orders` o JOIN `auctions` a ON a.`id` = o.`auction_id` WHERE o.`id` = `order_items`.`order_id`) WHERE `product_id` IS NULL;
