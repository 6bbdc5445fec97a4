import { Form } from "@remix-run/react";
import type { ProductCardData } from "~/catalog/catalog.server";
import { Picture } from "~/components/picture";
import { format } from "~/i18n/messages";
import { formatRupees } from "~/lib/money";
import { useMessages } from "~/web/site";

export function ProductCard({ product, headingLevel = 3 }: { product: ProductCardData; headingLevel?: 2 | 3 }) {
  const m = useMessages().products;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const soldOut = product.stock <= 0;
  return (
    <article className="card flex flex-col overflow-hidden">
      <div className="relative">
        <Picture
          name={product.image}
          alt={product.name}
          kind="card"
          sizes="(min-width: 1024px) 30rem, (min-width: 640px) 50vw, 100vw"
          className="aspect-[4/3] w-full object-cover"
        />
        <span className="badge absolute left-3 top-3 bg-white/90 text-river-800 shadow dark:bg-river-950/90 dark:text-river-100">{product.category}</span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <Heading className="font-serif text-xl font-bold">{product.name}</Heading>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{product.description}</p>
        <p className="mt-4 flex items-baseline gap-1.5">
          <span className="text-2xl font-bold text-river-700 dark:text-gold-300">{formatRupees(product.pricePaise)}</span>
          <span className="text-sm text-slate-500 dark:text-slate-400">{m.perKg}</span>
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{format(m.inStock, { n: product.stock })}</p>
        <Form method="post" action="/cart/add" className="mt-4">
          <input type="hidden" name="productId" value={product.id} />
          <button type="submit" className="btn-dark w-full" disabled={soldOut}>
            {soldOut ? m.outOfStock : m.addToCart}
          </button>
        </Form>
      </div>
    </article>
  );
}

export function ProductGrid({ products, headingLevel }: { products: ProductCardData[]; headingLevel?: 2 | 3 }) {
  const m = useMessages().products;
  if (products.length === 0) {
    return <p className="card p-8 text-center text-slate-600 dark:text-slate-300">{m.empty}</p>;
  }
  return (
    // Two cards fill two columns (centred) rather than leave a third column empty.
    <ul className={`grid gap-6 sm:grid-cols-2 ${products.length >= 3 ? "lg:grid-cols-3" : "mx-auto max-w-4xl"}`}>
      {products.map((p) => (
        <li key={p.id} className="flex">
          <ProductCard product={p} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
