import { useFetcher, useLocation } from "@remix-run/react";
import { quantityText, type ProductUnit } from "~/catalog/units";
import { pathInLang } from "~/i18n/lang";
import { Link } from "~/components/link";
import { FetcherMarker } from "~/components/hydrated";
import { format } from "~/i18n/format";
import { formatRupees } from "~/lib/money";
import { ADVANCE_PAISE } from "~/orders/rules";
import { useLang, useMessages } from "~/web/site";

export type CartPreview = { items: number; lines: { name: string; quantity: number; unit: ProductUnit }[]; more: number; totalPaise: number };

const HIDDEN_ON = ["/cart", "/checkout", "/help-support", "/delivery-info", "/returns-refunds", "/terms-conditions", "/privacy-policy"];

/** The cart, checkout and policy pages, plus the payment steps that continue the checkout (the pay page, the sandbox). */
function hiddenOn(pathname: string) {
  return HIDDEN_ON.includes(pathname) || /^\/orders\/[^/]+\/pay$/.test(pathname) || pathname.startsWith("/sandbox/");
}

/**
 * The cart summary: everywhere but the cart, checkout, policy and payment pages, for a non-empty cart. It sits
 * in the page's flow under the header rather than floating over it, so it never covers a price, a button or
 * a pay link on a phone. Closing it is a form post that sets a browser-session cookie, so it stays closed
 * without JavaScript. It says what is due now (the ₹500 advance) beside the estimate, in whole rupees: the
 * estimate is not what the shopper pays. On a phone it is three short rows (the count and the estimate, what
 * is due now, the buttons); the lines it holds are named from `sm` up.
 */
export function FloatingCart({ preview }: { preview: CartPreview | null }) {
  const { pathname } = useLocation();
  const close = useFetcher({ key: "cart-summary-close" });
  const m = useMessages().shop.cart;
  const { l, lang } = useLang();
  if (!preview || preview.items === 0 || hiddenOn(pathInLang(pathname, "en")) || close.state !== "idle") return null;
  return (
    <aside aria-label={m.floatingLabel} className="border-b border-gold-200 bg-gold-50 dark:border-river-800 dark:bg-river-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1.5 text-sm sm:py-2">
        <p className="font-bold">{preview.items === 1 ? m.item : format(m.items, { n: preview.items })}</p>
        <ul className="hidden min-w-0 flex-wrap gap-x-3 text-slate-700 sm:flex dark:text-slate-200">
          {preview.lines.map((line) => (
            <li key={line.name} className="whitespace-nowrap">
              {line.name} × {quantityText(line.quantity, line.unit, lang)}
            </li>
          ))}
          {preview.more > 0 ? <li className="whitespace-nowrap">{format(m.more, { n: preview.more })}</li> : null}
        </ul>
        {/* Each its own item of the row, so a narrow phone breaks between them, never inside one. */}
        <p className="whitespace-nowrap">{format(m.estimate, { amount: formatRupees(preview.totalPaise, { decimals: 0 }) })}</p>
        <span aria-hidden="true" className="-mx-2 hidden sm:inline">
          ·
        </span>
        <p className="whitespace-nowrap font-semibold">{format(m.dueNow, { amount: formatRupees(ADVANCE_PAISE) })}</p>
        <div className="ml-auto flex items-center gap-2">
          <Link to="/cart" className="btn-outline min-h-10 px-4 py-1.5">
            {m.viewCart}
          </Link>
          <Link to="/checkout" className="btn-dark min-h-10 px-4 py-1.5">
            {m.checkout}
          </Link>
          <close.Form method="post" action={l("/cart/summary")} preventScrollReset>
            <FetcherMarker />
            <button
              type="submit"
              className="flex h-10 w-10 items-center justify-center rounded-full text-lg hover:bg-gold-100 dark:hover:bg-river-800"
              aria-label={m.close}
            >
              <span aria-hidden="true">×</span>
            </button>
          </close.Form>
        </div>
      </div>
    </aside>
  );
}
