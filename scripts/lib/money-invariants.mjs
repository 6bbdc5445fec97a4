// The money rules every order's books keep, each as one query that returns the rows breaking it (none when the
// money adds up). One copy for the money fuzz test (app/payments/money-fuzz.workers.test.ts), which runs them after
// every step, and the soak bench (bench/soak.mjs), which runs them over every order once the load has ended. Plain
// SQL in a plain module, so both a Worker test and a Node script import it without a build.

/**
 * Refunds within their capture, no refund of nothing, a delivered order keeps its final price, a cancelled or
 * expired one keeps nothing, no order keeps more than its price (or the advance before weighing), and a price above
 * the shopper's ceiling goes no further until they answer (a declined one cancels the order).
 */
const MONEY_VIOLATIONS = `
    SELECT 'refunds above a capture' AS rule, c.ref AS what FROM ledger c JOIN ledger r ON r.kind = 'refund' AND r.payment_ref = c.ref
      WHERE c.kind = 'capture' GROUP BY c.ref HAVING sum(r.amount_paise) > max(c.amount_paise)
    UNION ALL
    SELECT 'a refund of nothing', r.ref FROM ledger r LEFT JOIN ledger c ON c.kind = 'capture' AND c.ref = r.payment_ref AND c.order_id = r.order_id
      WHERE r.kind = 'refund' AND c.id IS NULL
    UNION ALL
    SELECT 'order ' || o.status || ' keeps ' || k.kept, o.id FROM orders o
      JOIN (SELECT order_id, sum(CASE WHEN kind = 'refund' THEN -amount_paise ELSE amount_paise END) AS kept FROM ledger GROUP BY order_id) k ON k.order_id = o.id
      WHERE (o.status = 'order_delivered' AND k.kept <> o.final_total_paise)
         OR (o.status IN ('order_cancelled', 'payment_expired') AND k.kept <> 0)
         OR k.kept > max(coalesce(o.final_total_paise, 0), o.advance_paise)
    UNION ALL
    SELECT 'a price above the ceiling went on unanswered', o.id FROM orders o
      WHERE o.price_answer = 'awaiting' AND o.status <> 'order_cancelled'
        AND (o.payment_state <> 'advance_paid' OR o.status IN ('order_shipped', 'order_delivered')
             OR EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.kind = 'balance' AND p.status = 'created'))
    UNION ALL
    SELECT 'a declined price left the order standing', o.id FROM orders o WHERE o.price_answer IN ('declined', 'timed_out') AND o.status <> 'order_cancelled'`;

/** The season's invariants, the same way (D1 takes at most five terms in one compound SELECT). */
const SEASON_VIOLATIONS = `
    SELECT 'a queued pre-booking keeps other than its advance, or holds a date or stock' AS rule, o.id AS what FROM orders o
      WHERE o.status = 'prebooked' AND (o.stock_held = 1 OR o.delivery_date IS NOT NULL
        OR (SELECT coalesce(sum(CASE WHEN kind = 'refund' THEN -amount_paise ELSE amount_paise END), 0) FROM ledger WHERE order_id = o.id) <> o.advance_paise)
    UNION ALL
    SELECT 'a shopper queued twice for a product', o.user_id FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE o.status = 'prebooked' GROUP BY o.user_id, i.product_id HAVING count(*) > 1
    UNION ALL
    SELECT 'more held than caught', c.delivery_date FROM catch_days c
      WHERE c.quantity < (SELECT coalesce(sum(i.quantity), 0) FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.delivery_date = c.delivery_date AND o.stock_held = 1 AND i.product_id = c.product_id)`;

/**
 * Every row breaking a money or season invariant, over the whole database `all` reads.
 * @param {(sql: string) => Promise<unknown[]>} all runs one statement and resolves with its rows
 * @returns {Promise<{ rule: string, what: unknown }[]>}
 */
export async function moneyViolations(all) {
  return /** @type {{ rule: string, what: unknown }[]} */ ([...(await all(MONEY_VIOLATIONS)), ...(await all(SEASON_VIOLATIONS))]);
}
