// `npm run vapid-keys`: prints a new VAPID key pair for Web Push as `.dev.vars` lines. Keep one pair per store:
// browsers subscribed with a public key stop receiving pushes once it changes. In production set them as secrets
// (`wrangler secret put VAPID_PRIVATE_KEY`, and the same for VAPID_PUBLIC_KEY and VAPID_SUBJECT).
import { makeVapidKeys } from "./lib/vapid-keys.mjs";

const { publicKey, privateKey } = await makeVapidKeys();
console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${privateKey}`);
console.log("VAPID_SUBJECT=mailto:you@example.com");
