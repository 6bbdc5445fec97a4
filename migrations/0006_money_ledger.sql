CREATE TABLE `ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`kind` text NOT NULL,
	`reason` text NOT NULL,
	`ref` text NOT NULL,
	`provider` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`state` text NOT NULL,
	`attempt_id` integer,
	`payment_ref` text,
	`gateway_refund_id` text,
	`tries` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_ref_unique` ON `ledger` (`ref`);--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_gateway_refund_id_unique` ON `ledger` (`gateway_refund_id`);--> statement-breakpoint
CREATE INDEX `ledger_order_idx` ON `ledger` (`order_id`);--> statement-breakpoint
CREATE INDEX `ledger_payment_idx` ON `ledger` (`payment_ref`);--> statement-breakpoint
CREATE INDEX `ledger_state_idx` ON `ledger` (`kind`,`state`);--> statement-breakpoint
CREATE TABLE `sandbox_records` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`parent` text,
	`amount_paise` integer NOT NULL,
	`status` text NOT NULL,
	`reference` text,
	`idem` text,
	`expires_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_records_idem_unique` ON `sandbox_records` (`idem`);--> statement-breakpoint
CREATE INDEX `sandbox_records_parent_idx` ON `sandbox_records` (`parent`);--> statement-breakpoint
CREATE TABLE `sandbox_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
-- The money recorded so far moves into the ledger: each paid advance or balance is a capture (or cash)...
INSERT INTO `ledger` (`order_id`, `kind`, `reason`, `ref`, `provider`, `amount_paise`, `state`, `attempt_id`, `created_at`, `updated_at`)
  SELECT `order_id`, CASE WHEN `provider` = 'cash' THEN 'cash' ELSE 'capture' END, `kind`,
    CASE WHEN `provider` = 'cash' THEN 'cash:' || `order_id` ELSE `payment_id` END, `provider`, `amount_paise`, 'done', `id`, `created_at`, `updated_at`
  FROM `payments` WHERE `kind` IN ('advance', 'balance') AND `status` IN ('paid', 'refund_due', 'refunding', 'refunded')
    AND (`payment_id` IS NOT NULL OR `provider` = 'cash') AND `amount_paise` > 0
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- ...each refund row a refund of the payment it returned money from...
INSERT INTO `ledger` (`order_id`, `kind`, `reason`, `ref`, `provider`, `amount_paise`, `state`, `payment_ref`, `gateway_refund_id`, `created_at`, `updated_at`)
  SELECT `order_id`, 'refund', 'cancel', 'legacy:' || `provider_ref`, `provider`, `amount_paise`,
    CASE `status` WHEN 'processed' THEN 'done' WHEN 'failed' THEN 'failed' ELSE 'pending' END, `payment_id`, `provider_ref`, `created_at`, `updated_at`
  FROM `payments` WHERE `kind` = 'refund' AND `provider_ref` IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- ...and an advance that was waiting for its refund is refunded by the scheduled job.
INSERT INTO `ledger` (`order_id`, `kind`, `reason`, `ref`, `provider`, `amount_paise`, `state`, `payment_ref`, `created_at`, `updated_at`)
  SELECT `order_id`, 'refund', 'unowed', 'unowed:' || `payment_id`, `provider`, `amount_paise`, 'pending', `payment_id`, `updated_at`, `updated_at`
  FROM `payments` WHERE `status` IN ('refund_due', 'refunding') AND `payment_id` IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM `payments` WHERE `kind` = 'refund';--> statement-breakpoint
UPDATE `payments` SET `status` = 'paid' WHERE `status` IN ('refund_due', 'refunding', 'refunded');--> statement-breakpoint
DROP INDEX `payments_payment_id_idx`;--> statement-breakpoint
ALTER TABLE `payments` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `gateway_closed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `checked_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `payments_status_created_idx` ON `payments` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `payments` DROP COLUMN `refund_of`;--> statement-breakpoint
ALTER TABLE `orders` ADD `cancel_reason` text;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_auction_idx` ON `orders` (`auction_id`);--> statement-breakpoint
ALTER TABLE `orders` DROP COLUMN `refunded_paise`;