// `npm run bench:scheduled`: how long the store's scheduled job takes once a busy spell's payments are on the
// gateway's statement. Signed-in shoppers buy ORDERS fish through the built store (checkout, then Pay on the sandbox
// gateway's page); the gateway's clock is then moved back past the few minutes a browser return may still take, so
// every payment is one the job reads, and the Cron Trigger is fired RUNS times. Prints min / median / max of a run.
// Needs a build (`npx remix vite:build`); BENCH_PORT picks the port (default 8798).
import { triggerScheduled } from "../scripts/lib/local.mjs";
import { buyOne, withShoppers } from "./load-people.mjs";

const ORDERS = Number(process.env.ORDERS || 1000);
const SHOPPERS = Number(process.env.SHOPPERS || 20);
const RUNS = Number(process.env.RUNS || 9);
/** Longer than the job waits for a browser's return before asking the gateway. */
const GATEWAY_CLOCK_BACK_MS = 5 * 60_000;

await withShoppers("scheduled.shopper", SHOPPERS, async (base, { d1, fishId, recorder, shoppers }) => {
  const paid = [];
  const refused = { count: 0 };
  let started = 0;
  await Promise.all(
    shoppers.map(async (shopper) => {
      while (started < ORDERS) {
        started++;
        await buyOne(shopper, fishId, paid, refused);
      }
    }),
  );
  const { status5xx, errors } = recorder.totals();
  if (status5xx || errors) throw new Error(`${status5xx} 5xx and ${errors} failed requests while buying`);
  await d1.query("UPDATE sandbox_records SET created_at = created_at - ?", GATEWAY_CLOCK_BACK_MS);
  const [{ listed }] = await d1.query("SELECT count(*) AS listed FROM sandbox_records WHERE kind = 'payment'");
  console.log(`${paid.length} orders paid; ${listed} payments on the gateway's statement. The scheduled job, ${RUNS} runs:`);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const outcome = await triggerScheduled(base);
    if (outcome !== "ok") throw new Error(`the scheduled job ended with: ${outcome}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const ms = (x) => `${x.toFixed(0)} ms`;
  console.log(`min ${ms(times[0])}, median ${ms(times[Math.floor(times.length / 2)])}, max ${ms(times.at(-1))}`);
});
