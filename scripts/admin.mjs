// `npm run admin -- <email> [--remote]`: gives an existing user admin rights, in the local D1 database by
// default (`--persist-to <dir>` picks another local folder) or in the deployed one with --remote.
import { spawnSync } from "node:child_process";
import { quietEnv, WRANGLER } from "./lib/local.mjs";

const args = process.argv.slice(2);
const remote = args.includes("--remote");
const persistAt = args.indexOf("--persist-to");
const persistTo = persistAt >= 0 ? args[persistAt + 1] : ".wrangler/state";
const email = args
  .find((a, i) => !a.startsWith("--") && i !== persistAt + 1)
  ?.trim()
  .toLowerCase();
if (!email || !/^[^\s@'"]+@[^\s@'"]+\.[^\s@'"]+$/.test(email)) {
  console.error("Usage: npm run admin -- <email> [--remote]");
  process.exit(2);
}
const where = remote ? ["--remote"] : ["--local", "--persist-to", persistTo];
// RETURNING, because `wrangler d1 execute --local` reports no change count.
const sql = `UPDATE users SET is_admin = 1 WHERE email = '${email}' RETURNING id`;
const result = spawnSync(WRANGLER, ["d1", "execute", "DB", ...where, "-c", "wrangler.toml", "--json", "--command", sql], { encoding: "utf8", env: quietEnv });
if (result.status !== 0) {
  console.error(result.stderr || result.stdout);
  process.exit(1);
}
const promoted = JSON.parse(result.stdout)[0]?.results?.length ?? 0;
if (promoted === 0) {
  console.error(`No user with the e-mail ${email} (${remote ? "remote" : "local"} database). Sign up first, then run this again.`);
  process.exit(1);
}
console.log(`${email} is now an admin (${remote ? "remote" : "local"} database). They see the admin dashboard after their next page load.`);
