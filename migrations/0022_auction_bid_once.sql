-- A bid is one row per auction and sequence number: the object's mirror may send a bid again (a write whose answer
-- was lost, or a new instance catching up), and the second copy must not be a second bid. Copies a lost answer
-- already left behind go first, the oldest row of each kept.
DELETE FROM `auction_bids` WHERE `seq` IS NOT NULL AND `id` NOT IN (SELECT min(`id`) FROM `auction_bids` WHERE `seq` IS NOT NULL GROUP BY `auction_id`, `seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `auction_bids_auction_seq_idx` ON `auction_bids` (`auction_id`,`seq`);
