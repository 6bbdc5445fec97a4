ALTER TABLE `order_items` ADD `unit` text DEFAULT 'kg' NOT NULL;--> statement-breakpoint
ALTER TABLE `order_items` ADD `packs_delivered` integer;