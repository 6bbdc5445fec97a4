// Its own module: pages that only show pseudonyms (the auction page) load this, not the whole verifier.

/** A bidder's name in one auction's log: "Bidder 3", numbered by first appearance. */
export const pseudonym = (n: number) => `Bidder ${n}`;

/** The number of a pseudonym ("Bidder 3" → 3), or null. */
export function pseudonymNumber(name: string): number | null {
  const match = /^Bidder ([1-9]\d{0,8})$/.exec(name);
  return match ? Number(match[1]) : null;
}
