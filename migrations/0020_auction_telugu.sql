ALTER TABLE `auctions` ADD `title_te` text;--> statement-breakpoint
ALTER TABLE `auctions` ADD `description_te` text;