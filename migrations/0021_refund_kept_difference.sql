-- Orders delivered with cash on delivery although their final price was within the advance kept the whole
-- advance: the difference was never refunded. Each gets the refund it is owed, drawn from its advance payment
-- (as much as claims have left of it), written pending: the payments job asks the gateway for it, as for any
-- refund not made yet. An order whose difference was refunded at the balance request has a 'difference' row
-- and is left alone.
INSERT INTO `ledger` (`order_id`, `kind`, `reason`, `ref`, `provider`, `amount_paise`, `state`, `payment_ref`, `created_at`, `updated_at`)
SELECT o.`id`, 'refund', 'difference', 'difference:' || c.`ref`, c.`provider`,
  min(o.`advance_paise` - o.`final_total_paise`,
      c.`amount_paise` - (SELECT coalesce(sum(r.`amount_paise`), 0) FROM `ledger` r WHERE r.`kind` = 'refund' AND r.`payment_ref` = c.`ref`)),
  'pending', c.`ref`, unixepoch() * 1000, unixepoch() * 1000
FROM `orders` o JOIN `ledger` c ON c.`order_id` = o.`id` AND c.`kind` = 'capture' AND c.`reason` = 'advance'
WHERE o.`status` = 'order_delivered' AND o.`payment_state` = 'balance_paid' AND o.`final_total_paise` < o.`advance_paise`
  AND NOT EXISTS (SELECT 1 FROM `ledger` d WHERE d.`order_id` = o.`id` AND d.`kind` = 'refund' AND d.`reason` = 'difference')
  AND c.`amount_paise` - (SELECT coalesce(sum(r.`amount_paise`), 0) FROM `ledger` r WHERE r.`kind` = 'refund' AND r.`payment_ref` = c.`ref`) > 0
ON CONFLICT (`ref`) DO NOTHING;
