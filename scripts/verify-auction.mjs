// `npm run verify-auction -- URL [--head HASH]`: checks an auction's published bid log from a terminal, as the
// log page's Verify button does in a browser, with the same module (workers/auction/src/bid-log.ts, bundled here
// by Vite, which the store builds with). URL is the log's JSON (/api/auction/{id}/log) or any page of the auction
// (/auctions/{id}, /auctions/{id}/log, /te/...). With --head, the log must also end at that hash (a head seen on
// the auction page while it ran, or a receipt's hash for a last bid). Exit code 0 when it verifies, 1 otherwise.
import { fileURLToPath } from "node:url";
import { build } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The log's JSON address for whichever of the auction's addresses was given. */
export function logJsonUrl(given) {
  const url = new URL(given);
  const match = /^(?:\/te)?\/(?:api\/auction|auctions)\/(\d{1,12})(?:\/log)?\/?$/.exec(url.pathname);
  if (!match) throw new Error(`Not an auction's address: ${given}`);
  return new URL(`/api/auction/${match[1]}/log`, url.origin).href;
}

/** The verifier and its English words, bundled from the store's TypeScript. */
async function loadVerifier() {
  const entry = "virtual:verify-auction";
  const output = await build({
    configFile: false,
    root,
    logLevel: "silent",
    plugins: [
      {
        name: "verify-auction-entry",
        resolveId: (id) => (id.endsWith(entry) ? `\0${entry}` : null),
        load: (id) =>
          id === `\0${entry}`
            ? [
                `export { verifyLog } from ${JSON.stringify(`${root}workers/auction/src/bid-log.ts`)};`,
                `export { verificationText } from ${JSON.stringify(`${root}app/auctions/bid-log-text.ts`)};`,
                `export { bidLogMessages } from ${JSON.stringify(`${root}app/i18n/bid-log.messages.ts`)};`,
                `export { bidMessages } from ${JSON.stringify(`${root}app/i18n/bids.messages.ts`)};`,
              ].join("\n")
            : null,
      },
    ],
    build: { write: false, minify: false, lib: { entry, formats: ["es"], fileName: "verify" }, rollupOptions: { external: [] } },
  });
  const chunk = (Array.isArray(output) ? output[0] : output).output[0];
  return import(`data:text/javascript;base64,${Buffer.from(chunk.code).toString("base64")}`);
}

async function main(argv) {
  const args = [...argv];
  const headAt = args.indexOf("--head");
  const expectedHead = headAt >= 0 ? args.splice(headAt, 2)[1] : undefined;
  if (args.length !== 1) {
    console.error("Usage: npm run verify-auction -- URL [--head HASH]");
    return 1;
  }
  let url;
  try {
    url = logJsonUrl(args[0]);
  } catch (error) {
    console.error(error.message);
    return 1;
  }
  const { verifyLog, verificationText, bidLogMessages, bidMessages } = await loadVerifier();
  let body;
  try {
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    body = await response.json();
    if (!response.ok || !body.log) throw new Error(body.error ?? `HTTP ${response.status}`);
  } catch (error) {
    console.error(`Could not load ${url}: ${error.message}`);
    return 1;
  }
  const verification = await verifyLog(body.log, { expectedHead });
  const text = verificationText(verification, bidLogMessages, bidMessages);
  if (verification.ok) console.log(text);
  else console.error(`${text}\n(${verification.detail})`);
  return verification.ok ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
