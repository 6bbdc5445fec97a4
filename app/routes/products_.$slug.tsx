import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod";
import { brandName, textLang } from "~/i18n/lang";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { findProduct, withStockText } from "~/catalog/catalog.server";
import { photoView } from "~/catalog/photos";
import { listPhotosBySlug } from "~/catalog/photos.server";
import { messagesFor, sectionsFor } from "~/i18n/texts";
import { inlineJson, paymentTexts, productJsonLd } from "~/catalog/product-page";
import { productName } from "~/i18n/lang";
import { quantityText } from "~/catalog/units";
import { dayName } from "~/catalog/stock-text";
import { mediaUrl } from "~/lib/media";
import { PhotoPicture, ProductImage } from "~/components/product-image";
import { AddToCartForm } from "~/components/product-card";
import { formatRupees } from "~/lib/money";
import { publicPage } from "~/web/cache-headers";
import { useLang, useMessages } from "~/web/site";
import { loadPage, replyWithError } from "~/web/page-errors.server";
import { requireUser } from "~/web/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { joinWaitlist, leaveWaitlist, waitlistPanel } from "~/waitlist/waitlist.server";
import { waitlistSchema } from "~/waitlist/schema";
import { WaitlistPanel } from "~/waitlist/waitlist-panel";
import { SeasonCard } from "~/season/season-card";
import { seasonCard } from "~/season/booking.server";
import { onPrimary } from "~/deps.server";

export const headers = publicPage(300);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Oops! Page not found" }];
  const { product: p, brand, origin } = data;
  const title = `${p.name} – ${formatRupees(p.pricePaise)} ${data.texts.perUnit} | ${brand}`;
  const image = `${origin}${p.photo?.url ?? mediaUrl(p.image, 960, "webp")}`;
  return [
    { title },
    { name: "description", content: p.description },
    { tagName: "link", rel: "canonical", href: `${origin}/products/${p.slug}` },
    { property: "og:title", content: title },
    { property: "og:description", content: p.description },
    { property: "og:type", content: "product" },
    { property: "og:url", content: `${origin}/products/${p.slug}` },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(p.photo?.width ?? 960) },
    { property: "og:image:height", content: String(p.photo?.height ?? 720) },
    { property: "og:image:alt", content: p.photo?.alt ?? p.name },
    { name: "twitter:card", content: "summary_large_image" },
  ];
};

async function productPage({ params, context: { deps } }: LoaderFunctionArgs) {
  const slug = params.slug && /^[a-z0-9-]{1,60}$/.test(params.slug) ? params.slug : null;
  // The product and all its photos at once: the main photo leads the page, the others follow it.
  const [found, photos] = slug ? await Promise.all([findProduct(deps, { slug }), listPhotosBySlug(deps, slug)]) : [null, []];
  if (!found) throw new Response("Not found", { status: 404 });
  const [product] = withStockText([found], messagesFor(deps).products, deps.lang);
  const brand = brandName(deps.config, deps.lang);
  const words = sectionsFor(deps).productPage;
  const texts = paymentTexts(product, productName(deps.config, deps.lang), words, deps.lang);
  return {
    words,
    product,
    brand,
    origin: deps.origin,
    texts,
    morePhotos: photos.slice(1).map((p) => ({ id: p.id, ...photoView(p, p.variants) })),
    waitlist: await waitlistPanel(deps, product),
    season: seasonCard(deps, product),
    jsonLd: inlineJson(productJsonLd(product, deps.origin, brand, product.photo?.url ?? mediaUrl(product.image, 960, "webp"))),
  };
}

export async function loader(args: LoaderFunctionArgs) {
  return loadPage(sectionsFor(args.context.deps).productPage.unavailable, () => productPage(args));
}

/** The waitlist's forms: join a sold-out product's line (signed in; a visitor logs in and comes back), or leave it. */
export async function action({ request, params, context: { deps } }: ActionFunctionArgs) {
  const w = sectionsFor(deps).waitlist;
  const user = await requireUser(request, deps, w.loginToJoin);
  const slug = params.slug && /^[a-z0-9-]{1,60}$/.test(params.slug) ? params.slug : null;
  const product = slug ? await findProduct(deps, { slug }) : null;
  if (!product) throw new Response("Not found", { status: 404 });
  const page = `/products/${product.slug}`;
  const formData = await request.formData();
  if (formData.get("intent") === "leave") {
    await leaveWaitlist(onPrimary(deps), user.id, product.id);
    return redirectWithFlash(deps, page, { type: "success", text: w.left }, { status: 303 });
  }
  const submission = parseWithZod(formData, { schema: waitlistSchema(w, messagesFor(deps).shop, product, deps.lang) });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [w.fixErrors] }), { status: 400 });
  try {
    await joinWaitlist(onPrimary(deps), user, product.id, submission.value);
  } catch (error) {
    return replyWithError(deps, submission, error, w.fixErrors);
  }
  return redirectWithFlash(deps, page, { type: "success", text: w.joined }, { status: 303 });
}

export { PageFailureBoundary as ErrorBoundary } from "~/components/page-failure";

export default function ProductPage() {
  const { product: p, texts, jsonLd, words: m, morePhotos, waitlist, season } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const pm = useMessages().products;
  const { lang } = useLang();
  const stock = p.stock;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      {/* Data for search engines, not a script the browser runs. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <Link to="/products" className="link text-sm">
        {m.back}
      </Link>
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        <ProductImage product={p} sizes="(min-width: 1024px) 34rem, calc(100vw - 2rem)" className="aspect-[4/3] w-full rounded-2xl object-cover" priority />
        <div>
          <span className="badge bg-river-100 text-river-900 dark:bg-river-800 dark:text-river-50" lang={textLang(p.category)}>
            {p.category}
          </span>
          <h1 className="mt-2 font-serif text-4xl font-bold" lang={textLang(p.name)}>
            {p.name}
          </h1>
          <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
            <span className="text-3xl font-bold text-river-700 dark:text-gold-300">{texts.price}</span>
            <span className="text-slate-600 dark:text-slate-300">{texts.perUnit}</span>
            <s className="text-slate-600 dark:text-slate-300">
              <span className="sr-only">{m.was} </span>
              {texts.struck}
            </s>
          </p>
          <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-300">{texts.youSave}</p>
          <p className="text-xs text-slate-600 dark:text-slate-300">{m.struckNote}</p>
          <p className={`mt-2 ${stock.soldOut ? "font-semibold text-red-700 dark:text-red-300" : "text-slate-700 dark:text-slate-200"}`}>{stock.line}</p>
          {stock.next ? <p className="text-slate-700 dark:text-slate-200">{stock.next}</p> : null}
          <p className="mt-4 leading-relaxed text-slate-700 dark:text-slate-200" lang={textLang(p.description)}>
            {p.description}
          </p>
          <p className="mt-6 font-medium">{texts.estimate}</p>
          <AddToCartForm product={p} className="mt-3 max-w-sm" quantityHint={texts.upTo} />
          {waitlist ? <WaitlistPanel data={waitlist} product={p} lastResult={answer} /> : null}
          {season ? <SeasonCard data={season} /> : null}
          <section aria-labelledby="how-heading" className="card mt-8 p-5">
            <h2 id="how-heading" className="text-lg font-bold">
              {m.howHeading}
            </h2>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm leading-relaxed">
              <li>{texts.advance}</li>
              <li>{texts.balance}</li>
              <li>{texts.refund}</li>
            </ol>
            <h2 className="mt-4 text-lg font-bold">{m.limitsHeading}</h2>
            <p className="mt-1 text-sm">{texts.limits}</p>
            {texts.limitsNote ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{texts.limitsNote}</p> : null}
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{texts.delivery}</p>
          </section>
        </div>
      </div>
      <section aria-labelledby="stock-heading" className="mt-10">
        <h2 id="stock-heading" className="font-serif text-2xl font-bold">
          {m.stockHeading}
        </h2>
        <table className="card mt-4 w-full max-w-xl overflow-hidden text-left text-sm">
          <caption className="sr-only">{m.stockCaption}</caption>
          <thead>
            <tr className="bg-river-50 dark:bg-river-900">
              <th scope="col" className="px-4 py-2">
                {m.date}
              </th>
              <th scope="col" className="px-4 py-2">
                {m.left}
              </th>
            </tr>
          </thead>
          <tbody>
            {p.days.map((d) => (
              <tr key={d.date} className="border-t border-river-100 dark:border-river-800">
                <th scope="row" className="px-4 py-2 font-medium first-letter:uppercase">
                  {dayName(d.date, p.today, { today: pm.today, tomorrow: pm.tomorrow }, lang)}
                </th>
                <td className={`px-4 py-2 ${d.left < p.minQty ? "text-red-700 dark:text-red-300" : ""}`}>
                  {d.left < p.minQty ? m.soldOut : quantityText(d.left, p.unit, lang)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {morePhotos.length ? (
        // Below the fold, yet lazy images start over a thousand pixels before they scroll into view: on a phone
        // that is while the main photo loads. Two to a row there, they are the small copies, so they take little
        // of a slow connection from it.
        <section aria-labelledby="photos-heading" className="mt-10">
          <h2 id="photos-heading" className="font-serif text-2xl font-bold">
            {m.morePhotos}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
            {morePhotos.map((photo) => (
              <li key={photo.id}>
                <PhotoPicture photo={photo} sizes="(min-width: 1024px) 22rem, calc(50vw - 1.5rem)" className="aspect-[4/3] w-full rounded-xl object-cover" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
