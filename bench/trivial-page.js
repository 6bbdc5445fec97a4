// Bench only (bench/trivial-page.wrangler.toml, never deployed): the yardstick of `npm run bench:render`, a Worker
// that answers every request with the same 26 KB HTML page built once per isolate.
const row = (i) => `<li class="card"><h2>Fresh catch ${i}</h2><p>River fish from the Godavari, cleaned and packed the morning it is caught.</p></li>`;
const rows = [];
for (let i = 0; rows.join("").length < 26_000 - 200; i++) rows.push(row(i));
const PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Trivial</title></head><body><ul>${rows.join("")}</ul></body></html>`;

export default {
  fetch() {
    return new Response(PAGE, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
};
