import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { brandName } from "~/i18n/lang";
import { useLoaderData } from "@remix-run/react";
import { listProducts, withStockText } from "~/catalog/catalog.server";
import { ProductGrid } from "~/components/product-card";
import { messagesFor } from "~/i18n/texts";
import { publicPage } from "~/web/cache-headers";
import { pageMeta } from "~/web/meta";
import { useMessages } from "~/web/site";

export const headers = publicPage(300);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: `${data?.heading ?? "Fresh Catch"} | ${data?.brand ?? ""}`, description: data?.intro ?? "" });

export async function loader({ context: { deps } }: LoaderFunctionArgs) {
  const config = deps.config;
  const m = messagesFor(deps).products;
  return { products: withStockText(await listProducts(deps), m, deps.lang), brand: brandName(config, deps.lang), heading: m.heading, intro: m.intro };
}

export default function Products() {
  const { products } = useLoaderData<typeof loader>();
  const m = useMessages().products;
  return (
    <div className="mx-auto max-w-6xl px-4 py-14">
      <h1 className="font-serif text-4xl font-bold">{m.heading}</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600 dark:text-slate-300">{m.intro}</p>
      <div className="mt-10">
        <ProductGrid products={products} headingLevel={2} />
      </div>
    </div>
  );
}
