import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { pathInLang } from "~/i18n/lang";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { OfflineNote } from "~/components/offline-note";
import { PushOptIn } from "~/components/push-opt-in";
import { OrderCard } from "~/components/order-card";
import { messagesFor } from "~/i18n/texts";
import { cancelledByCustomer, listUserOrders } from "~/orders/lookup.server";
import { toOrderCard } from "~/orders/views.server";
import { queueSentences } from "~/season/place.server";
import { requireUser } from "~/web/guards.server";
import { useMessages } from "~/web/site";
import { privateMeta } from "~/web/meta";
import { loadPage } from "~/web/page-errors.server";

export const meta: MetaFunction = ({ matches }) => privateMeta((t) => t.myOrders, matches);

async function myOrders({ request, context: { deps } }: LoaderFunctionArgs) {
  const user = await requireUser(request, deps, messagesFor(deps).shop.orders.loginToView);
  const orders = await listUserOrders(deps, user.id, deps.now());
  const selfCancelled = await cancelledByCustomer(deps, orders);
  const cards = orders.map(async (order) => ({
    ...toOrderCard(order, deps.lang, deps.now(), selfCancelled.has(order.id)),
    queue: await queueSentences(deps, order),
  }));
  return { orders: await Promise.all(cards), renderedAt: deps.now() };
}

export async function loader(args: LoaderFunctionArgs) {
  return loadPage(messagesFor(args.context.deps).shop.orders.loadFailed, () => myOrders(args));
}

export { PageFailureBoundary as ErrorBoundary } from "~/components/page-failure";

export default function MyOrders() {
  const { orders, renderedAt } = useLoaderData<typeof loader>();
  const m = useMessages().shop.orders;
  const navigation = useNavigation();
  const refreshing = navigation.state === "loading" && pathInLang(navigation.location.pathname, "en") === "/orders";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <OfflineNote at={renderedAt} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-bold">{m.title}</h1>
        {/* A plain GET to this page: works without JavaScript, and with it reloads the list in place. */}
        <Form method="get" action="/orders">
          <button type="submit" className="btn-outline" disabled={refreshing} aria-busy={refreshing}>
            {m.refresh}
          </button>
        </Form>
      </div>
      {orders.length === 0 ? (
        <div className="card mt-8 p-10 text-center">
          <h2 className="text-2xl font-bold">{m.empty}</h2>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{m.emptyText}</p>
          <Link to="/" className="btn-dark mt-6">
            {m.startShopping}
          </Link>
        </div>
      ) : (
        <ul className="mt-8 space-y-6">
          {orders.map((order) => (
            <li key={order.number}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
      {/* Below the orders: appearing once the page's code runs, it moves nothing a shopper is reading. */}
      <PushOptIn className="mt-8" />
    </div>
  );
}
