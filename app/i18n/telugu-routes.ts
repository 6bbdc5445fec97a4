/**
 * The pages shoppers use, by path and route module: each is also served in Telugu under `/te` (the same
 * module; the language comes from the path). Admin pages, the JSON API, payment gateway pages and the
 * development outbox are English only. Relative imports only: vite.config.ts loads this file.
 */
export const TELUGU_ROUTES: [path: string, file: string][] = [
  ["", "routes/_index.tsx"],
  ["products", "routes/products.tsx"],
  ["products/:slug", "routes/products_.$slug.tsx"],
  ["cart", "routes/cart.tsx"],
  ["cart/add", "routes/cart.add.tsx"],
  ["cart/summary", "routes/cart.summary.tsx"],
  ["checkout", "routes/checkout.tsx"],
  ["orders", "routes/orders._index.tsx"],
  ["orders/:number", "routes/orders.$number._index.tsx"],
  ["orders/:number/pay", "routes/orders.$number.pay.tsx"],
  ["orders/:number/claim", "routes/orders.$number.claim.tsx"],
  ["notifications", "routes/notifications.tsx"],
  ["profile", "routes/profile.tsx"],
  ["profile/addresses/:id", "routes/profile_.addresses.$id.tsx"],
  ["login", "routes/login.tsx"],
  ["signup", "routes/signup.tsx"],
  ["verify-otp", "routes/verify-otp.tsx"],
  ["forgot-password", "routes/forgot-password.tsx"],
  ["reset-password", "routes/reset-password.tsx"],
  ["logout", "routes/logout.tsx"],
  ["theme", "routes/theme.tsx"],
  ["auctions", "routes/auctions._index.tsx"],
  ["auctions/:id", "routes/auctions.$id.tsx"],
  ["auctions/:id/log", "routes/auctions.$id_.log.tsx"],
  ["blogs", "routes/blogs._index.tsx"],
  ["blogs/:id", "routes/blogs.$id.tsx"],
  ["fish/:code", "routes/fish.$code.tsx"],
  ["waitlist/:id", "routes/waitlist.$id.tsx"],
  ["season/:slug", "routes/season.$slug.tsx"],
  ["*", "routes/$.tsx"],
];
