-- Orders set to cash on delivery although their final price is within the advance (nothing to collect) go back
-- to waiting for the balance: they cannot ship until the balance request refunds the difference or finds nothing
-- owed. Delivered and cancelled orders keep their state.
UPDATE `orders` SET `payment_state` = 'advance_paid', `version` = `version` + 1
WHERE `payment_state` = 'balance_on_delivery' AND `final_total_paise` <= `advance_paise`
  AND `status` NOT IN ('order_delivered', 'order_cancelled');
