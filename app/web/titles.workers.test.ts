import type { MetaFunction } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { asUser } from "../../tests/setup/as-user";
import { en } from "~/i18n/messages";
import { textsJson } from "~/web/site";
import { loader as homeLoader, meta as homeMeta } from "~/routes/_index";
import { meta as deliveriesMeta } from "~/routes/admin-dashboard_.deliveries";
import { meta as catchMeta } from "~/routes/admin-dashboard_.catch";
import { meta as productMeta } from "~/routes/admin-dashboard_.products.$id";
import { meta as productsMeta } from "~/routes/admin-dashboard_.products._index";

/** The root's data as the root loader returns it (the store's name, the page's catalogue). */
const root = { id: "root", data: { site: { brand: "Godavari Pulasa" }, lang: "en", messages: textsJson(en) } };

/** The title a route's meta gives. */
const titleOf = (meta: MetaFunction, data: unknown = undefined) =>
  (meta({ data, matches: [root] } as never) as { title?: string }[]).find((m) => m.title)?.title;

describe("page titles end with the store's name", () => {
  it("on the home page, in the page's language (no English words on the Telugu one)", async () => {
    const english = await homeLoader((await asUser(null, "/")) as never);
    const telugu = await homeLoader((await asUser(null, "/te")) as never);
    expect(titleOf(homeMeta as MetaFunction, english)).toBe("Fresh Godavari Pulasa | Godavari Pulasa");
    expect(titleOf(homeMeta as MetaFunction, telugu)).toBe("తాజా గోదావరి పులస | గోదావరి పులస");
  });

  it("on the admin's shop pages", () => {
    expect([productsMeta, productMeta, catchMeta, deliveriesMeta].map((meta) => titleOf(meta as MetaFunction))).toEqual([
      "Products | Admin Dashboard | Godavari Pulasa",
      "Product | Admin Dashboard | Godavari Pulasa",
      "Catch and delivery slots | Admin Dashboard | Godavari Pulasa",
      "Deliveries | Admin Dashboard | Godavari Pulasa",
    ]);
  });
});
