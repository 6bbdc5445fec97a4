import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { brandName, productName } from "~/i18n/lang";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { listProducts, withStockText } from "~/catalog/catalog.server";
import { messagesFor } from "~/i18n/texts";
import { format } from "~/i18n/format";
import { HomeHero } from "~/components/home-hero";
import { SecondHero, StorySection } from "~/components/home-story";
import { ProductGrid } from "~/components/product-card";
import { pageMeta } from "~/web/meta";
import { publicPage } from "~/web/cache-headers";
import { useMessages } from "~/web/site";

export const headers = publicPage(300);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: data?.title ?? "Godavari Pulasa",
    description: data?.description ?? "",
  });

export async function loader({ context: { deps } }: LoaderFunctionArgs) {
  const config = deps.config;
  const products = withStockText(await listProducts(deps), messagesFor(deps).products, deps.lang);
  const product = productName(config, deps.lang);
  // The page's words first, the store's name last, as every page's title ends.
  const title = `${format(messagesFor(deps).titles.home, { product })} | ${brandName(config, deps.lang)}`;
  // The page's own words are in the catalogue the page fetches; only the search engines' summary is here.
  return { products, title, description: messagesFor(deps).home.story.tagline };
}

export default function Home() {
  const { products } = useLoaderData<typeof loader>();
  const m = useMessages().home;
  return (
    <>
      <HomeHero tagline={m.story.tagline} />
      <SecondHero content={m.story.secondHero} />
      <StorySection content={m.story} />
      <section id="products" className="bg-white py-20 dark:bg-river-900/60" aria-labelledby="products-heading">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="products-heading" className="text-center font-serif text-3xl font-bold sm:text-4xl">
            {m.productsHeading}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-center text-slate-600 dark:text-slate-300">{m.productsIntro}</p>
          <div className="mt-12">
            <ProductGrid products={products} />
          </div>
          <div className="mt-10 text-center">
            <Link to="/products" className="btn-dark px-8" prefetch="intent">
              {m.viewAllProducts}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
