// Seeds the local D1 database with the sample catalogue and auctions. Safe to run again: nothing is duplicated.
//   node scripts/seed.mjs [--persist-to .wrangler/state]
import { createHash, pbkdf2Sync, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { executeSql, quietEnv } from "./lib/local.mjs";

const product = process.env.PRODUCT_NAME || "Pulasa";
const productTe = process.env.PRODUCT_NAME_TE || "పులస";
const brand = process.env.BRAND_NAME || "Godavari Pulasa";
const q = (s) => `'${String(s).replaceAll("'", "''")}'`;

const products = [
  {
    slug: "fresh-fish",
    name: `Fresh ${product} Fish`,
    description: `Whole Godavari ${product}, caught in season and delivered on ice within 24 hours. Priced per kg; the final price follows the weight of your fish.`,
    price: 2_500_000,
    image: "fresh-pulasa",
    unit: "kg",
    min: 1,
    max: 5,
    catch: [18, 24, 30, 12, 26, 20, 16],
    // Photos in R2, from the pictures made for this project by scripts/make-media.sh (4:3, 960 × 720).
    photos: [
      ["fresh-pulasa-960.webp", `A whole Godavari ${product} on a banana leaf with ice and lime`],
      ["story-catch-960.webp", "Fishermen hauling the morning's catch on the Godavari"],
      ["story-selection-960.webp", `Checking a ${product}'s silver scales before it is packed`],
    ],
    category: "Fresh Fish",
    // What the Telugu pages show instead, as the seller writes it.
    te: {
      name: `తాజా ${productTe} చేప`,
      description: `సీజన్‌లో పట్టిన గోదావరి ${productTe} చేప, పూర్తిగా, ఐస్‌లో పెట్టి 24 గంటల్లో మీ ఇంటికి చేరుస్తాం. ధర కిలోకు; తుది ధర మీ చేప బరువును బట్టి ఉంటుంది.`,
      category: "తాజా చేపలు",
    },
  },
  {
    slug: "curry",
    name: `${product} Curry`,
    description: `One pack: about 1 kg of ${product} in its pulusu, for 4 to 5 people. Traditional ${product} Pulusu slow-cooked in a clay pot with tamarind, the Godavari way. Packed hot, sealed and sent chilled.`,
    price: 2_580_000,
    image: "pulasa-curry",
    unit: "pack",
    min: 1,
    max: 4,
    // Nothing cooked for today: the shop shows 'Sold out today' and the next date with stock.
    catch: [0, 10, 12, 8, 10, 10, 6],
    photos: [["pulasa-curry-960.webp", `${product} Pulusu simmering in a clay pot`]],
    category: "Curry",
    te: {
      name: `${productTe} పులుసు`,
      description: `ఒక ప్యాక్: పులుసుతో సుమారు 1 కిలో ${productTe}, 4 నుంచి 5 మందికి. మట్టి కుండలో చింతపండుతో నెమ్మదిగా కాచిన సంప్రదాయ ${productTe} పులుసు, అచ్చం గోదావరి పద్ధతిలో. వేడిగా ప్యాక్ చేసి, సీల్ చేసి, చల్లగా పంపిస్తాం.`,
      category: "కూర",
    },
  },
];

const HOUR = 3_600_000;
const auctions = [
  {
    title: `Royal ${product} – 2.1 kg`,
    description: `A single large ${product} from the Dowleswaram barrage stretch, caught at first light. Bright silver, firm and full of roe.`,
    start: 3_000_000,
    endsIn: 26 * HOUR,
    image: "/media/fresh-pulasa-480.webp",
    te: {
      title: `రాయల్ ${productTe} – 2.1 కిలోలు`,
      description: `ధవళేశ్వరం బ్యారేజీ వద్ద తెల్లవారుజామునే పట్టిన ఒకే పెద్ద ${productTe}. మెరిసే వెండి రంగు, గట్టి కండ, నిండా గుడ్లు.`,
    },
    bids: [
      ["Ravi K.", 3_050_000],
      ["Sita M.", 3_120_000],
    ],
  },
  {
    title: `${product} Pair – 1.4 kg each`,
    description: `Two matched ${product} from the Yanam side of the river, ideal for a family feast. Delivered together in one cold-chain box.`,
    start: 4_200_000,
    endsIn: 50 * HOUR,
    image: null,
    te: {
      title: `${productTe} జంట – ఒక్కోటి 1.4 కిలోలు`,
      description: `యానాం వైపు నది నుంచి పట్టిన సరిజోడు ${productTe} చేపలు, కుటుంబ విందుకు సరైనవి. ఒకే కోల్డ్-చెయిన్ పెట్టెలో కలిపి అందజేస్తాం.`,
    },
    bids: [["Prasad V.", 4_300_000]],
  },
  {
    title: `Festival ${product} Curry – 2 kg`,
    description: `Two kilograms of slow-cooked ${product} Pulusu made to order for your festival table, with the fish chosen that morning.`,
    start: 5_000_000,
    endsIn: 74 * HOUR,
    image: "/media/pulasa-curry-480.webp",
    te: {
      title: `పండుగ ${productTe} పులుసు – 2 కిలోలు`,
      description: `మీ పండుగ భోజనానికి ఆర్డర్‌పై నెమ్మదిగా వండిన రెండు కిలోల ${productTe} పులుసు, అదే ఉదయం ఎంచుకున్న చేపతో.`,
    },
    bids: [],
  },
];

const statements = [
  ...products.map(
    (p, i) =>
      `INSERT INTO products (slug, name, description, price_paise, image, category, unit, min_qty, max_qty, sort_order, name_te, description_te, category_te) VALUES (${q(p.slug)}, ${q(p.name)}, ${q(p.description)}, ${p.price}, ${q(p.image)}, ${q(p.category)}, ${q(p.unit)}, ${p.min}, ${p.max}, ${i}, ${q(p.te.name)}, ${q(p.te.description)}, ${q(p.te.category)}) ON CONFLICT(slug) DO NOTHING;`,
  ),
  // A database seeded before products had Telugu texts gets them too; texts an admin has given are left alone.
  ...products.map(
    (p) =>
      `UPDATE products SET name_te = ${q(p.te.name)}, description_te = ${q(p.te.description)}, category_te = ${q(p.te.category)} WHERE slug = ${q(p.slug)} AND name_te IS NULL AND description_te IS NULL AND category_te IS NULL;`,
  ),
];
// A week of catch and delivery slots from today (IST), so the shop is live; dates already planned are left alone.
const istDate = (ms) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 10);
const week = Array.from({ length: 7 }, (_, i) => istDate(Date.now() + i * 86_400_000));
for (const p of products) {
  week.forEach((date, i) =>
    statements.push(
      `INSERT INTO catch_days (product_id, delivery_date, quantity) SELECT id, ${q(date)}, ${p.catch[i]} FROM products WHERE slug = ${q(p.slug)} ON CONFLICT DO NOTHING;`,
    ),
  );
}
week.forEach((date) =>
  statements.push(
    `INSERT INTO delivery_slots (delivery_date, slot, capacity) VALUES (${q(date)}, 'morning', 12), (${q(date)}, 'evening', 20) ON CONFLICT DO NOTHING;`,
  ),
);
// Each sample auction and bid is added once, by id or by its content.
const now = Date.now();
auctions.forEach((a, i) => {
  const current = a.bids.at(-1)?.[1] ?? a.start;
  statements.push(
    `INSERT INTO auctions (id, title, description, title_te, description_te, product_image, start_price_paise, current_price_paise, end_time, status, bid_count, seller_name) SELECT ${i + 1}, ${q(a.title)}, ${q(a.description)}, ${q(a.te.title)}, ${q(a.te.description)}, ${a.image ? q(a.image) : "NULL"}, ${a.start}, ${current}, ${now + a.endsIn}, 'active', ${a.bids.length}, ${q(brand)} WHERE NOT EXISTS (SELECT 1 FROM auctions WHERE id = ${i + 1});`,
    // A database seeded before auctions had Telugu texts gets them for the samples it holds.
    `UPDATE auctions SET title_te = ${q(a.te.title)}, description_te = ${q(a.te.description)} WHERE id = ${i + 1} AND title = ${q(a.title)} AND title_te IS NULL;`,
  );
  a.bids.forEach(([name, amount], j) => {
    statements.push(
      `INSERT INTO auction_bids (auction_id, bidder_name, amount_paise, created_at) SELECT ${i + 1}, ${q(name)}, ${amount}, ${now - (a.bids.length - j) * HOUR} WHERE NOT EXISTS (SELECT 1 FROM auction_bids WHERE auction_id = ${i + 1} AND bidder_name = ${q(name)} AND amount_paise = ${amount});`,
    );
  });
});

// The development admin: local only (the seed never runs against the deployed database).
const DEV_ADMIN = { email: "admin@pulasa.local", password: "pulasa-admin-local" };
const salt = randomBytes(16);
const hash = pbkdf2Sync(DEV_ADMIN.password, salt, 100_000, 32, "sha256");
const b64url = (b) => b.toString("base64url");
statements.push(
  `INSERT INTO users (name, email, password_hash, email_verified_at, is_admin) VALUES ('Store Admin (local only)', ${q(DEV_ADMIN.email)}, ${q(`pbkdf2$100000$${b64url(salt)}$${b64url(hash)}`)}, ${now}, 1) ON CONFLICT(email) DO NOTHING;`,
);

// A sample customer (local only, like the admin) with one weighed and delivered order, whose fish landed at Yanam
// and has its public page at /fish/yanampcs23: what the landings, the weighing photos and the fish page look like.
const SAMPLE = { email: "customer@pulasa.local", password: "pulasa-customer-local", order: "PUL-0000-FSH2", fish: "yanampcs23" };
const sampleSalt = randomBytes(16);
const sampleHash = pbkdf2Sync(SAMPLE.password, sampleSalt, 100_000, 32, "sha256");
const landedAt = now - 20 * HOUR;
const deliveredAt = now - 2 * HOUR;
const notSeeded = `NOT EXISTS (SELECT 1 FROM orders WHERE number = ${q(SAMPLE.order)})`;
const sampleOrder = `(SELECT id FROM orders WHERE number = ${q(SAMPLE.order)})`;
statements.push(
  `INSERT INTO users (name, email, password_hash, email_verified_at) VALUES ('Sample Customer (local only)', ${q(SAMPLE.email)}, ${q(`pbkdf2$100000$${b64url(sampleSalt)}$${b64url(sampleHash)}`)}, ${now}) ON CONFLICT(email) DO NOTHING;`,
);
const sampleStatements = (fishPhoto, landingPhoto) => [
  `INSERT INTO landings (place_id, landed_at, boat, photo_name, photo_width, photo_height, photo_variants) SELECT id, ${landedAt}, 'Sample boat (local only)', ${q(landingPhoto.name)}, 960, 720, ${q(landingPhoto.variants)} FROM landing_places WHERE name = 'Yanam' AND ${notSeeded};`,
  `INSERT INTO orders (number, user_id, status, payment_state, source, estimated_total_paise, advance_paise, final_total_paise, first_name, last_name, phone, address, city, state, zip, version, paid_at, created_at, updated_at, delivery_date, delivery_slot)
   SELECT ${q(SAMPLE.order)}, id, 'order_delivered', 'balance_paid', 'shop', 5000000, 50000, 4500000, 'Sample', 'Customer', '+919000000000', '1 Sample Street', 'Kakinada', 'Andhra Pradesh', '533001', 6, ${landedAt - HOUR}, ${landedAt - 2 * HOUR}, ${deliveredAt}, ${q(istDate(deliveredAt))}, 'evening' FROM users WHERE email = ${q(SAMPLE.email)} AND ${notSeeded};`,
  `INSERT INTO order_items (order_id, product_id, name, name_te, image, price_paise, unit, quantity, weight_grams, final_paise)
   SELECT ${sampleOrder}, id, name, name_te, image, price_paise, 'kg', 2, 1800, 4500000 FROM products WHERE slug = 'fresh-fish' AND NOT EXISTS (SELECT 1 FROM order_items WHERE order_id = ${sampleOrder});`,
  `INSERT INTO ledger (order_id, kind, reason, ref, provider, amount_paise, state, payment_ref, created_at, updated_at) SELECT ${sampleOrder}, 'capture', 'advance', 'pay_SEEDSAMPLE01', 'sandbox', 50000, 'done', 'pay_SEEDSAMPLE01', ${landedAt - HOUR}, ${landedAt - HOUR} ON CONFLICT (ref) DO NOTHING;`,
  `INSERT INTO ledger (order_id, kind, reason, ref, provider, amount_paise, state, created_at, updated_at) SELECT ${sampleOrder}, 'cash', 'balance', 'seed:cash', 'cash', 4450000, 'done', ${deliveredAt}, ${deliveredAt} ON CONFLICT (ref) DO NOTHING;`,
  // Its history, as the order page's steps read it: weighed, the balance set to pay on delivery, packed, shipped, delivered.
  `WITH e(kind, from_value, to_value, at) AS (VALUES
     ('weight', NULL, '₹45,000', ${landedAt + HOUR}), ('payment', 'advance_paid', 'balance_on_delivery', ${landedAt + 2 * HOUR}),
     ('status', 'order_confirmed', 'order_packed', ${landedAt + 3 * HOUR}), ('status', 'order_packed', 'order_shipped', ${deliveredAt - 2 * HOUR}),
     ('status', 'order_shipped', 'order_delivered', ${deliveredAt}))
   INSERT INTO order_events (order_id, kind, from_value, to_value, created_at) SELECT ${sampleOrder}, kind, from_value, to_value, at FROM e
   WHERE NOT EXISTS (SELECT 1 FROM order_events WHERE order_id = ${sampleOrder});`,
  `INSERT INTO fish (code, order_item_id, landing_id, weight_grams, weighed_at, weighing) SELECT ${q(SAMPLE.fish)}, (SELECT id FROM order_items WHERE order_id = ${sampleOrder}), (SELECT max(id) FROM landings WHERE landed_at = ${landedAt}), 1800, ${landedAt + HOUR}, 1 WHERE NOT EXISTS (SELECT 1 FROM fish WHERE code = ${q(SAMPLE.fish)}) AND (SELECT max(id) FROM landings WHERE landed_at = ${landedAt}) IS NOT NULL;`,
  `INSERT INTO fish_photos (fish_id, weighing, name, content_type, bytes, width, height, variants, position) SELECT id, 1, ${q(fishPhoto.name)}, 'image/webp', ${fishPhoto.bytes}, 960, 720, ${q(fishPhoto.variants)}, 0 FROM fish WHERE code = ${q(SAMPLE.fish)} AND NOT EXISTS (SELECT 1 FROM fish_photos p JOIN fish f ON f.id = p.fish_id WHERE f.code = ${q(SAMPLE.fish)});`,
];

// `--season`: the season before the fish, to try pre-booking (local only): 'Fresh Pulasa Fish' open for pre-booking
// for 60 days, its coming catch emptied where nothing is ordered yet (so it is sold out and the queue waits), and a
// queue of three paid pre-bookings, the sample customer's second (My Orders shows its place). Adding catch on the
// catch screen then fills the queue in the order paid.
if (process.argv.includes("--season")) {
  const seasonUntil = istDate(now + 60 * 86_400_000);
  const fish = `(SELECT id FROM products WHERE slug = 'fresh-fish')`;
  statements.push(
    `UPDATE products SET season_until = ${q(seasonUntil)} WHERE slug = 'fresh-fish';`,
    `UPDATE catch_days SET quantity = 0 WHERE product_id = ${fish} AND delivery_date >= ${q(week[0])} AND NOT EXISTS (SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.delivery_date = catch_days.delivery_date AND o.stock_held = 1 AND i.product_id = catch_days.product_id) AND NOT EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.hold_date = catch_days.delivery_date AND w.stock_held = 1 AND w.product_id = catch_days.product_id);`,
  );
  const queue = [
    { email: "season1@pulasa.local", name: "Season Shopper One (local only)", qty: 2 },
    { email: SAMPLE.email, name: null, qty: 1 },
    { email: "season3@pulasa.local", name: "Season Shopper Three (local only)", qty: 3 },
  ];
  queue.forEach((b, i) => {
    const number = `PUL-0000-SZN${i + 1}`;
    const paidAt = now - (queue.length - i) * HOUR;
    const seeded = `NOT EXISTS (SELECT 1 FROM orders WHERE number = ${q(number)})`;
    const order = `(SELECT id FROM orders WHERE number = ${q(number)})`;
    // Shoppers who only queue: their password is random and never shown (they cannot sign in).
    if (b.name)
      statements.push(
        `INSERT INTO users (name, email, password_hash, email_verified_at) VALUES (${q(b.name)}, ${q(b.email)}, ${q(`pbkdf2$100000$${b64url(randomBytes(16))}$${b64url(randomBytes(32))}`)}, ${now}) ON CONFLICT(email) DO NOTHING;`,
      );
    statements.push(
      `INSERT INTO orders (number, user_id, status, payment_state, source, estimated_total_paise, advance_paise, ceiling_percent, ceiling_paise, first_name, last_name, phone, address, city, state, zip, latest_date, version, paid_at, created_at, updated_at)
       SELECT ${q(number)}, u.id, 'prebooked', 'advance_paid', 'season', p.price_paise * ${b.qty}, 50000, 20, p.price_paise * ${b.qty} * 6 / 5, 'Season', 'Shopper', '+919000000000', '1 Sample Street', 'Kakinada', 'Andhra Pradesh', '533001', ${q(istDate(now + 30 * 86_400_000))}, 2, ${paidAt}, ${paidAt}, ${paidAt}
       FROM users u, products p WHERE u.email = ${q(b.email)} AND p.slug = 'fresh-fish' AND ${seeded};`,
      `INSERT INTO order_items (order_id, product_id, name, name_te, image, price_paise, unit, quantity) SELECT ${order}, id, name, name_te, image, price_paise, 'kg', ${b.qty} FROM products WHERE slug = 'fresh-fish' AND NOT EXISTS (SELECT 1 FROM order_items WHERE order_id = ${order});`,
      `INSERT INTO ledger (order_id, kind, reason, ref, provider, amount_paise, state, payment_ref, created_at, updated_at) SELECT ${order}, 'capture', 'advance', 'pay_SEEDSEASON0${i + 1}', 'sandbox', 50000, 'done', 'pay_SEEDSEASON0${i + 1}', ${paidAt}, ${paidAt} WHERE ${order} IS NOT NULL ON CONFLICT (ref) DO NOTHING;`,
      // The sandbox gateway's own record of the capture, so a cancel or the season's close can refund it there.
      `INSERT INTO sandbox_records (id, kind, parent, amount_paise, status, created_at) VALUES ('pay_SEEDSEASON0${i + 1}', 'payment', NULL, 50000, 'captured', ${paidAt}) ON CONFLICT DO NOTHING;`,
    );
  });
}

const persistTo = process.argv.includes("--persist-to") ? process.argv[process.argv.indexOf("--persist-to") + 1] : ".wrangler/state";

// Each photo is stored once under the SHA-256 of its bytes, as the admin's upload stores it, with the copies an upload
// gets (AVIF and WebP, 480, 720 and 960 px wide): scripts/make-media.sh made them beside it in public/media, all 4:3.
// One local R2 handle for every object, where `wrangler dev --persist-to` and `wrangler r2 object put --local` look
// (the proxy takes a plain Uint8Array: a Node Buffer fails its serialisation).
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
const COPIES = ["avif", "webp"].flatMap((format) => [480, 720, 960].map((width) => ({ format, width })));
process.env.WRANGLER_LOG_PATH ??= quietEnv.WRANGLER_LOG_PATH;
const { getPlatformProxy } = await import("wrangler");
const r2 = await getPlatformProxy({ configPath: "wrangler.toml", persist: { path: join(persistTo, "v3") }, remoteBindings: false });
try {
  for (const p of products) {
    for (const [position, [file, alt]] of p.photos.entries()) {
      const bytes = readFileSync(`public/media/${file}`);
      const name = `${sha256(bytes)}.webp`;
      await r2.env.PRODUCT_PHOTOS.put(`products/${name}`, new Uint8Array(bytes), { httpMetadata: { contentType: "image/webp" } });
      statements.push(
        `INSERT INTO product_photos (product_id, name, content_type, bytes, width, height, alt, position) SELECT id, ${q(name)}, 'image/webp', ${bytes.length}, 960, 720, ${q(alt)}, ${position} FROM products WHERE slug = ${q(p.slug)} ON CONFLICT DO NOTHING;`,
      );
      for (const { format, width } of COPIES) {
        const copy = readFileSync(`public/media/${file.replace(/-960\.webp$/, `-${width}.${format}`)}`);
        const copyName = `${sha256(copy)}.${format}`;
        await r2.env.PRODUCT_PHOTOS.put(`products/${copyName}`, new Uint8Array(copy), { httpMetadata: { contentType: `image/${format}` } });
        statements.push(
          `INSERT INTO product_photo_variants (photo_id, name, format, width, height, bytes) SELECT ph.id, ${q(copyName)}, ${q(format)}, ${width}, ${(width * 3) / 4}, ${copy.length} FROM product_photos ph JOIN products pr ON pr.id = ph.product_id WHERE pr.slug = ${q(p.slug)} AND ph.name = ${q(name)} ON CONFLICT DO NOTHING;`,
        );
      }
    }
  }
  // The sample fish's photo on the scale and its landing's photo: pictures no product uses, so a product photo's
  // deletion never takes them from R2.
  const stored = [];
  for (const picture of ["story-queen", "story-monsoon"]) {
    const bytes = readFileSync(`public/media/${picture}-960.webp`);
    const name = `${sha256(bytes)}.webp`;
    await r2.env.PRODUCT_PHOTOS.put(`products/${name}`, new Uint8Array(bytes), { httpMetadata: { contentType: "image/webp" } });
    const variants = [];
    for (const { format, width } of COPIES) {
      const copy = readFileSync(`public/media/${picture}-${width}.${format}`);
      const copyName = `${sha256(copy)}.${format}`;
      await r2.env.PRODUCT_PHOTOS.put(`products/${copyName}`, new Uint8Array(copy), { httpMetadata: { contentType: `image/${format}` } });
      variants.push({ name: copyName, format, width });
    }
    stored.push({ name, bytes: bytes.length, variants: JSON.stringify(variants) });
  }
  statements.push(...sampleStatements(stored[0], stored[1]));
} finally {
  await r2.dispose();
}
const file = join(mkdtempSync(join(tmpdir(), "pulasa-seed-")), "seed.sql");
writeFileSync(file, statements.join("\n") + "\n");
executeSql(persistTo, file);
console.log(
  `Seeded ${products.length} products, a week of catch and delivery slots, the sample auctions and a weighed sample fish (/fish/${SAMPLE.fish}) into ${persistTo}.`,
);
