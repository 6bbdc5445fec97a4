// Bench only (bench/react-page.wrangler.toml, never deployed): what React alone costs to write one of the store's
// pages. `npm run bench:render` hands it the markup of a rendered /products (without its scripts) as a tree in
// the PAGE_TREE binding; every request renders that tree with react-dom/server and sends it whole, as
// the store's server entry does, without Remix, loaders, data or sessions.
import { createElement } from "react";
import { renderToReadableStream } from "react-dom/server";

let tree = null;

/** A node of PAGE_TREE ([tag, attributes, ...children] or a string) as React elements. */
function toElement(node, key) {
  if (typeof node === "string") return node;
  const [tag, attributes, ...children] = node;
  return createElement(tag, { ...attributes, key }, ...children.map(toElement));
}

export default {
  async fetch(_request, env) {
    tree ??= JSON.parse(env.PAGE_TREE);
    const body = await renderToReadableStream(createElement("html", { lang: "en" }, ...tree.map(toElement)));
    await body.allReady;
    const html = "<!DOCTYPE html>" + (await new Response(body).text());
    return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
};
