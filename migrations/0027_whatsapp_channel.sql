DROP INDEX `message_outbox_order_kind_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `message_outbox_order_kind_channel_idx` ON `message_outbox` (`order_id`,`kind`,`channel`);