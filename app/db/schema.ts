// The D1 schema, one file per domain under ./tables (drizzle-kit reads this file; migrations/ is generated from it).
// Relative paths, not ~/: drizzle-kit and vite.config.ts (through the load context) load these files without the app alias.
export * from "./tables/accounts";
export * from "./tables/auctions";
export * from "./tables/catalogue";
export * from "./tables/claims";
export * from "./tables/orders";
export * from "./tables/payments";
export * from "./tables/shop-days";
export * from "./tables/messages";
export * from "./tables/addresses";
export * from "./tables/landings";
export * from "./tables/retired";
export * from "./tables/waitlist";
export * from "./tables/push";
