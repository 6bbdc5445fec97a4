import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { EmptyCart } from "~/components/empty-cart";
import { isActionOf, localePath } from "~/i18n/lang";
import { data } from "@remix-run/cloudflare";
import { useFetcher, useFetchers, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { cartActionSchema, changeCart, type CartNotice } from "~/cart/actions.server";
import { getCartView, type CartLineView } from "~/cart/cart.server";
import { cartQuantityText, cartSummary } from "~/cart/summary";
import { FetcherMarker } from "~/components/hydrated";
import { Picture } from "~/components/picture";
import { format } from "~/i18n/format";
import { messagesFor } from "~/i18n/texts";
import { formatRupees } from "~/lib/money";
import { savingPaise, struckPricePaise } from "~/orders/rules";
import { perUnit, quantityText } from "~/catalog/units";
import { appCookies } from "~/web/cookies.server";
import { requireUser } from "~/web/guards.server";
import { useLang, useMessages } from "~/web/site";
import { privateMeta } from "~/web/meta";
import { SummaryRow } from "~/components/summary-row";
import { CeilingRows } from "~/components/ceiling-choice";

export const meta: MetaFunction = ({ matches }) => privateMeta((t) => t.cart, matches);

export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  const user = await requireUser(request, deps);
  return { lines: user.isAdmin ? [] : await getCartView(deps, user.id) };
}

/**
 * Every cart form posts here. A plain form post (no JavaScript) is sent back to the cart in its page's language
 * (a Telugu cart's forms post to /te/cart); a fetcher (the form carries `js=1`, rendered only once hydrated) gets
 * a small answer instead, and Remix revalidates the page and the header count itself: redirects from several
 * quick fetchers would abort each other's reloads.
 * A message (stock cap, cleared) travels in the flash cookie either way, so the toast shows in both.
 */
export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  const user = await requireUser(request, deps, messagesFor(deps).cart.loginToAdd);
  const form = Object.fromEntries(await request.formData());
  const answer = async (notice: CartNotice | null) => {
    const headers = new Headers();
    if (notice) headers.append("Set-Cookie", await appCookies(deps.config).flash.serialize(notice));
    if (form.js === "1") return data({ ok: true }, { headers });
    headers.set("Location", localePath(deps.lang, "/cart"));
    return new Response(null, { status: 303, headers });
  };
  const parsed = cartActionSchema.safeParse(form);
  if (!parsed.success || user.isAdmin) return answer(null);
  return answer(await changeCart(deps, user.id, parsed.data));
}

/** The quantities the shopper sees: the server's, overridden by cart changes still in flight (optimistic). */
function useOptimisticLines(lines: CartLineView[]): CartLineView[] {
  const pending = useFetchers().filter((f) => isActionOf(f.formAction, "/cart") && f.formData);
  if (pending.some((f) => f.formData?.get("intent") === "clear")) return [];
  return lines.flatMap((line) => {
    let quantity = line.quantity;
    for (const f of pending) {
      if (f.formData?.get("productId") !== String(line.productId)) continue;
      // The server keeps a line within what it may hold; a sold-out line may only come down.
      const wanted = Number(f.formData.get("quantity"));
      quantity = f.formData.get("intent") === "remove" ? 0 : Math.min(wanted, line.limit >= line.minQty ? line.limit : line.quantity);
    }
    return quantity > 0 ? [{ ...line, quantity }] : [];
  });
}

export default function Cart() {
  const { l, lang } = useLang();
  const { lines: serverLines } = useLoaderData<typeof loader>();
  const lines = useOptimisticLines(serverLines);
  const m = useMessages().shop.cart;
  const ceilingNote = useMessages().shop.ceiling.cartNote;
  const clear = useFetcher({ key: "cart-clear" });
  if (lines.length === 0) return <EmptyCart to="/" action={m.startShopping} />;
  const summary = cartSummary(lines);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold">{m.title}</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <ul className="space-y-4 lg:col-span-2">
          {lines.map((line) => (
            <CartLineItem key={line.productId} line={line} />
          ))}
          <li className="text-xs text-slate-600 dark:text-slate-300">{m.struckNote}</li>
        </ul>
        <section aria-labelledby="summary-heading" className="card h-fit p-6">
          <h2 id="summary-heading" className="text-xl font-bold">
            {m.summary}
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <SummaryRow label={format(m.subtotal, { qty: cartQuantityText(lines, lang) })} value={formatRupees(summary.subtotalPaise)} />
            <SummaryRow label={m.shipping} value={m.free} />
            <SummaryRow label={m.tokenAdvance} value={formatRupees(summary.advancePaise)} />
            <SummaryRow label={m.estimatedRemaining} value={formatRupees(summary.remainingPaise)} note={m.estimatedRemainingNote} />
            <SummaryRow label={m.finalTotal} value={m.finalTotalValue} />
            <CeilingRows estimatePaise={summary.subtotalPaise} />
            <div className="flex justify-between border-t border-river-100 pt-3 text-base font-bold dark:border-river-800">
              <dt>{m.payNow}</dt>
              <dd>{formatRupees(summary.advancePaise)}</dd>
            </div>
          </dl>
          <p className="mt-4 rounded-xl bg-river-50 p-3 text-sm text-slate-700 dark:bg-river-950 dark:text-slate-200">{m.weighNote}</p>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{ceilingNote}</p>
          <Link to="/checkout" className="btn-primary mt-6 w-full">
            {m.proceed}
          </Link>
          <clear.Form method="post" action={l("/cart")} preventScrollReset className="mt-3">
            <FetcherMarker />
            <button type="submit" name="intent" value="clear" className="btn-outline w-full text-red-700 dark:text-red-300">
              {m.clear}
            </button>
          </clear.Form>
        </section>
      </div>
    </div>
  );
}

function CartLineItem({ line }: { line: CartLineView }) {
  const m = useMessages().shop.cart;
  const { l, lang } = useLang();
  // One fetcher per line, so quick clicks on one line replace each other instead of racing.
  const fetcher = useFetcher({ key: `cart-line-${line.productId}` });
  // The most it may hold now: its maximum per order, or less when that is all the catch has left.
  const atMax = line.quantity >= line.limit;
  return (
    <li className="card flex flex-col gap-4 p-4 sm:flex-row">
      <Picture name={line.image} alt="" kind="card" sizes="128px" className="h-32 w-full rounded-xl object-cover sm:w-32" />
      <div className="flex-1">
        <h2 className="text-lg font-bold">{line.name}</h2>
        <p className="mt-1">
          <span className="text-lg font-bold">{formatRupees(line.pricePaise)}</span> <span className="text-sm">{perUnit(line.unit, lang)}</span>{" "}
          <s className="text-sm text-slate-600 dark:text-slate-300">{formatRupees(struckPricePaise(line.pricePaise))}</s>
        </p>
        <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-300">
          {format(m.youSave, { amount: formatRupees(savingPaise(line.pricePaise)) })}
        </p>
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
          {m.noReturns}{" "}
          <Link to="/returns-refunds" className="link">
            {m.policyLink}
          </Link>
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <fetcher.Form method="post" action={l("/cart")} preventScrollReset className="flex items-center gap-2">
            <FetcherMarker />
            <input type="hidden" name="intent" value="set" />
            <input type="hidden" name="productId" value={line.productId} />
            <input type="hidden" name="from" value={line.quantity} />
            <button
              type="submit"
              name="quantity"
              value={line.quantity - 1 < line.minQty ? 0 : line.quantity - 1}
              className="btn-outline h-11 w-11 px-0"
              aria-label={format(m.decrease, { name: line.name })}
            >
              −
            </button>
            <output
              className="min-w-12 whitespace-nowrap text-center text-lg font-bold"
              aria-label={format(m.quantity, { name: line.name })}
              aria-live="polite"
            >
              {quantityText(line.quantity, line.unit, lang)}
            </output>
            <button
              type="submit"
              name="quantity"
              value={line.quantity + 1}
              disabled={atMax}
              className="btn-outline h-11 w-11 px-0"
              aria-label={format(m.increase, { name: line.name })}
            >
              +
            </button>
          </fetcher.Form>
          <fetcher.Form method="post" action={l("/cart")} preventScrollReset>
            <FetcherMarker />
            <input type="hidden" name="productId" value={line.productId} />
            <input type="hidden" name="from" value={line.quantity} />
            <button
              type="submit"
              name="intent"
              value="remove"
              className="btn text-red-700 underline dark:text-red-300"
              aria-label={format(m.removeLabel, { name: line.name })}
            >
              {m.remove}
            </button>
          </fetcher.Form>
        </div>
        {line.note ? (
          <p className="mt-2 text-sm font-semibold text-red-700 dark:text-red-300">{line.note}</p>
        ) : atMax ? (
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">
            {format(m.maxPerOrder, { qty: quantityText(line.maxQty, line.unit, lang), name: line.name })}
          </p>
        ) : null}
      </div>
    </li>
  );
}
