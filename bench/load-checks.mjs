// What the load benches check in D1 once the load has ended: every order the store showed as paid is in the state
// the bench left it in, its advance captured once, and every bid the store accepted is stored.

/**
 * Every order the store showed as paid, against D1: it exists, its ₹500 advance was captured exactly once, and its
 * status and payment state are those the bench's last step on it left (`expected`, by order number).
 * @param {{ query(sql: string, ...params: unknown[]): Promise<Record<string, unknown>[]> }} d1
 * @param {Map<string, { status: string, paymentState: string }>} expected
 * @returns {Promise<{ problems: string[], found: number }>} found: the orders as expected
 */
export async function checkPaidOrders(d1, expected) {
  const numbers = [...expected.keys()];
  const rows = [];
  for (let i = 0; i < numbers.length; i += 90) {
    const chunk = numbers.slice(i, i + 90);
    rows.push(
      ...(await d1.query(
        `SELECT o.number, o.status, o.payment_state, (SELECT count(*) FROM payments p WHERE p.order_id = o.id AND p.kind = 'advance' AND p.status = 'paid') AS paid_attempts FROM orders o WHERE o.number IN (${chunk.map(() => "?").join(", ")})`,
        ...chunk,
      )),
    );
  }
  const byNumber = new Map(rows.map((r) => [r.number, r]));
  const wrong = numbers.filter((n) => {
    const r = byNumber.get(n);
    const want = expected.get(n);
    return !r || r.status !== want.status || r.payment_state !== want.paymentState || Number(r.paid_attempts) !== 1;
  });
  const problems = wrong.length
    ? [
        `${wrong.length} paid orders missing or not as left in D1: ${wrong
          .slice(0, 5)
          .map((n) => `${n} expected ${JSON.stringify(expected.get(n))}, found ${JSON.stringify(byNumber.get(n) ?? null)}`)}`,
      ]
    : [];
  return { problems, found: numbers.length - wrong.length };
}

/**
 * Every accepted bid ({ auctionId, userId, amountPaise }) is in D1's mirror of its auction, each auction holds
 * exactly the bids it held before (`before`, by auction id) plus those accepted, and its bid count says as much.
 * The auction object writes its bids to D1 before it answers; a retried write is given a moment all the same.
 * @param {{ query(sql: string, ...params: unknown[]): Promise<Record<string, unknown>[]> }} d1
 * @param {{ auctionId: number, userId: number, amountPaise: number }[]} accepted
 * @param {Map<number, number>} before
 * @returns {Promise<{ problems: string[], found: number }>} found: the accepted bids stored
 */
export async function checkAcceptedBids(d1, accepted, before) {
  const auctions = new Set([...before.keys(), ...accepted.map((b) => b.auctionId)]);
  let missing = accepted;
  for (let attempt = 0; attempt < 10 && missing.length; attempt++) {
    if (attempt) await new Promise((r) => setTimeout(r, 500));
    missing = [];
    for (const id of auctions) {
      const ours = accepted.filter((b) => b.auctionId === id);
      const stored = await d1.query("SELECT user_id, amount_paise FROM auction_bids WHERE auction_id = ?", id);
      const keys = new Set(stored.map((b) => `${b.user_id}:${b.amount_paise}`));
      const lost = ours.filter((b) => !keys.has(`${b.userId}:${b.amountPaise}`));
      const expected = (before.get(id) ?? 0) + ours.length;
      const count = Number((await d1.query("SELECT bid_count FROM auctions WHERE id = ?", id))[0]?.bid_count);
      if (!lost.length && stored.length !== expected) lost.push({ auctionId: id, rows: stored.length, expected });
      if (!lost.length && count !== stored.length) lost.push({ auctionId: id, bidCount: count, rows: stored.length });
      missing.push(...lost);
    }
  }
  const problems = missing.length ? [`${missing.length} accepted bids missing from D1: ${JSON.stringify(missing.slice(0, 5))}`] : [];
  return { problems, found: accepted.length - missing.filter((m) => "userId" in m).length };
}

/** Each auction's stored bids now, by id (before a load, for checkAcceptedBids). */
export async function storedBids(d1, auctionIds) {
  const counts = new Map();
  for (const id of auctionIds) counts.set(id, Number((await d1.query("SELECT count(*) AS n FROM auction_bids WHERE auction_id = ?", id))[0].n));
  return counts;
}
