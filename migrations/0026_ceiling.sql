ALTER TABLE `orders` ADD `ceiling_percent` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `ceiling_paise` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `price_answer` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `answer_due_at` integer;