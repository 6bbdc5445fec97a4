import { Link } from "~/components/link";
import { useMessages } from "~/web/site";

/** An empty cart, on the cart page and at checkout: what it is, and the way back to shopping (`to`, `action`). */
export function EmptyCart({ to, action }: { to: string; action: string }) {
  const m = useMessages().shop.cart;
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="font-serif text-3xl font-bold">{m.empty}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{m.emptyText}</p>
      <Link to={to} className="btn-dark mt-8">
        {action}
      </Link>
    </div>
  );
}
