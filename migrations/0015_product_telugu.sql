ALTER TABLE `products` ADD `name_te` text;--> statement-breakpoint
ALTER TABLE `products` ADD `description_te` text;--> statement-breakpoint
ALTER TABLE `products` ADD `category_te` text;