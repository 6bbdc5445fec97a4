import { Link, useFetcher, useLocation } from "@remix-run/react";
import { FetcherMarker } from "~/components/hydrated";
import { format } from "~/i18n/messages";
import { formatRupees } from "~/lib/money";
import { useMessages } from "~/web/site";

export type CartPreview = { items: number; lines: { name: string; quantity: number }[]; more: number; totalPaise: number };

const HIDDEN_ON = ["/cart", "/checkout", "/help-support", "/delivery-info", "/returns-refunds", "/terms-conditions", "/privacy-policy"];

/** The cart, checkout and policy pages, plus the payment steps that continue the checkout (the pay page, the sandbox). */
function hiddenOn(pathname: string) {
  return HIDDEN_ON.includes(pathname) || /^\/orders\/[^/]+\/pay$/.test(pathname) || pathname.startsWith("/sandbox/");
}

/**
 * The floating cart summary: everywhere but the cart, checkout, policy and payment pages, for a non-empty
 * cart. Closing it is a form post that sets a browser-session cookie, so it stays closed without JavaScript.
 */
export function FloatingCart({ preview }: { preview: CartPreview | null }) {
  const { pathname } = useLocation();
  const close = useFetcher({ key: "cart-summary-close" });
  const m = useMessages().shop.cart;
  if (!preview || preview.items === 0 || hiddenOn(pathname) || close.state !== "idle") return null;
  return (
    <aside aria-label={m.floatingLabel} className="card fixed bottom-4 left-4 z-30 w-[min(20rem,calc(100vw-2rem))] p-4 shadow-lg">
      <div className="flex items-start justify-between gap-2">
        <p className="font-bold">{format(m.items, { n: preview.items })}</p>
        <close.Form method="post" action="/cart/summary" preventScrollReset>
          <FetcherMarker />
          <button
            type="submit"
            className="-m-2 flex h-11 w-11 items-center justify-center rounded-full hover:bg-river-100 dark:hover:bg-river-800"
            aria-label={m.close}
          >
            <span aria-hidden="true">×</span>
          </button>
        </close.Form>
      </div>
      <ul className="mt-1 text-sm">
        {preview.lines.map((line) => (
          <li key={line.name} className="flex justify-between gap-2">
            <span className="truncate">{line.name}</span>
            <span>× {line.quantity}</span>
          </li>
        ))}
      </ul>
      {preview.more > 0 ? <p className="text-sm text-slate-600 dark:text-slate-300">{format(m.more, { n: preview.more })}</p> : null}
      <p className="mt-2 flex justify-between font-semibold">
        <span>{m.total}</span>
        <span>{formatRupees(preview.totalPaise, { decimals: 2 })}</span>
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Link to="/cart" className="btn-outline">
          {m.viewCart}
        </Link>
        <Link to="/checkout" className="btn-dark">
          {m.checkout}
        </Link>
      </div>
    </aside>
  );
}
