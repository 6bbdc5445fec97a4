// Relative imports only: the schema (loaded by drizzle-kit without the app alias) reads this file.

/** A place in a product's waitlist: waiting its turn, holding a share of the catch, or ended one of three ways. */
export const WAITLIST_STATES = ["waiting", "held", "used", "lapsed", "left"] as const;
