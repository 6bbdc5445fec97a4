import { Form, Link } from "~/components/link";
import { textLang } from "~/i18n/lang";
import type { ProductCardData, ProductCardView } from "~/catalog/catalog.server";
import { perUnit, quantityText } from "~/catalog/units";
import { ProductImage } from "~/components/product-image";
import { formatRupees } from "~/lib/money";
import { useLang, useMessages } from "~/web/site";

/**
 * Add to Cart as a plain form; disabled when nothing can be ordered for any date the checkout offers. With
 * `quantityHint` (a product page) it first asks how much, from the product's minimum to its maximum per order.
 */
export function AddToCartForm({ product, className = "", quantityHint }: { product: ProductCardData; className?: string; quantityHint?: string }) {
  const m = useMessages().products;
  const { lang } = useLang();
  const choices = Array.from({ length: Math.max(0, product.maxQty - product.minQty + 1) }, (_, i) => product.minQty + i);
  const asks = quantityHint !== undefined && product.orderable && choices.length > 1;
  const hintId = `quantity-hint-${product.id}`;
  return (
    <Form method="post" action="/cart/add" className={className}>
      <input type="hidden" name="productId" value={product.id} />
      {asks ? (
        <div className="mb-3 flex flex-col gap-1 text-sm font-medium">
          <label htmlFor={`quantity-${product.id}`}>{m.quantity}</label>
          <select
            id={`quantity-${product.id}`}
            name="quantity"
            defaultValue={product.minQty}
            aria-describedby={hintId}
            className="min-h-11 rounded-xl border border-river-400 bg-white px-3 dark:bg-river-950"
          >
            {choices.map((q) => (
              <option key={q} value={q}>
                {quantityText(q, product.unit, lang)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className="btn-dark w-full" disabled={!product.orderable}>
        {product.orderable ? m.addToCart : m.outOfStock}
      </button>
      {quantityHint !== undefined ? (
        <p id={hintId} className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {quantityHint}
        </p>
      ) : null}
    </Form>
  );
}

export function ProductCard({ product, headingLevel = 3 }: { product: ProductCardView; headingLevel?: 2 | 3 }) {
  const m = useMessages().products;
  const { lang } = useLang();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const stock = product.stock;
  const href = `/products/${product.slug}`;
  return (
    <article className="card relative flex flex-col overflow-hidden">
      <div className="relative">
        <ProductImage
          product={product}
          sizes="(min-width: 1024px) 30rem, (min-width: 640px) 50vw, calc(100vw - 2rem)"
          className="aspect-[4/3] w-full object-cover"
        />
        <span
          className="badge absolute left-3 top-3 bg-white/90 text-river-800 shadow dark:bg-river-950/90 dark:text-river-100"
          lang={textLang(product.category)}
        >
          {product.category}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <Heading className="font-serif text-xl font-bold" lang={textLang(product.name)}>
          <Link to={href} prefetch="intent" className="hover:underline">
            {product.name}
          </Link>
        </Heading>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600 dark:text-slate-300" lang={textLang(product.description)}>
          {product.description}
        </p>
        <p className="mt-4 flex items-baseline gap-1.5">
          <span className="text-2xl font-bold text-river-700 dark:text-gold-300">{formatRupees(product.pricePaise)}</span>
          <span className="text-sm text-slate-600 dark:text-slate-300">{perUnit(product.unit, lang)}</span>
        </p>
        <p className={`mt-1 text-sm ${stock.soldOut ? "font-semibold text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-300"}`}>{stock.line}</p>
        {stock.next ? <p className="text-sm text-slate-600 dark:text-slate-300">{stock.next}</p> : null}
        <div className="mt-4 flex gap-2">
          <Link to={href} className="btn-outline" prefetch="intent" aria-label={`${m.details}: ${product.name}`}>
            {m.details}
          </Link>
          <AddToCartForm product={product} className="flex-1" />
        </div>
      </div>
    </article>
  );
}

export function ProductGrid({ products, headingLevel }: { products: ProductCardView[]; headingLevel?: 2 | 3 }) {
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
