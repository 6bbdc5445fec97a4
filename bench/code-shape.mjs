// The shape of the order code at a git revision (default HEAD): `node bench/code-shape.mjs [rev]`.
// Counts, over app/ and workers/ without tests: raw `.prepare(` calls; the files and folders that write `orders`;
// order and payment states written as bare strings outside their one source (app/orders/status.ts); `catch`
// blocks in routes; files outside app/orders that import the order's life from app/admin.
import { execFileSync } from "node:child_process";

const rev = process.argv[2] ?? "HEAD";
const git = (...args) => execFileSync("git", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
const files = git("ls-tree", "-r", "--name-only", rev, "--", "app", "workers")
  .split("\n")
  .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith(".d.ts"));
const source = new Map(files.map((f) => [f, git("show", `${rev}:${f}`)]));

const STATES = [
  "payment_pending",
  "payment_expired",
  "order_raised",
  "order_confirmed",
  "order_packed",
  "order_shipped",
  "order_delivered",
  "order_cancelled",
  "advance_due",
  "advance_paid",
  "balance_requested",
  "balance_paid",
  "balance_on_delivery",
];
const count = (text, re) => (text.match(re) ?? []).length;
let prepares = 0;
let bareStates = 0;
let routeCatches = 0;
const ordersWriters = new Set();
const adminOrderImports = new Set();
for (const [file, text] of source) {
  prepares += count(text, /\.prepare\(/g);
  if (/UPDATE orders SET|\.update\(orders\)|INSERT INTO orders\b|\.insert\(orders\)/.test(text)) ordersWriters.add(file);
  if (!file.endsWith("app/orders/status.ts") && !file.startsWith("app/db/") && !file.startsWith("app/i18n/")) {
    for (const state of STATES) bareStates += count(text, new RegExp(`['"\`]${state}['"\`]|'${state}'`, "g"));
  }
  if (file.startsWith("app/routes/")) routeCatches += count(text, /\bcatch\s*(\(|\{)/g);
  if (!file.startsWith("app/orders/") && /from "~\/admin\/(orders|balance|delivery-move|fulfilment)/.test(text)) adminOrderImports.add(file);
}
const folders = new Set([...ordersWriters].map((f) => f.split("/").slice(0, 2).join("/")));
console.log(`revision ${git("rev-parse", "--short", rev).trim()}`);
console.log(`raw .prepare( calls                      ${prepares}`);
console.log(`files that write orders                  ${ordersWriters.size} in ${folders.size} folders (${[...folders].join(", ")})`);
console.log(`bare order/payment state strings         ${bareStates}`);
console.log(`catch blocks in routes                   ${routeCatches}`);
console.log(`files importing order changes from admin ${adminOrderImports.size}`);
