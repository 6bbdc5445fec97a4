import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderCard } from "~/components/order-card";
import { getMessages } from "~/i18n/messages";
import { toOrderCard } from "~/orders/views.server";
import { getOwnOrder } from "~/payments/pay-page.server";
import { orNotFound, requireUser } from "~/web/guards.server";
import { useMessages } from "~/web/site";
import { privateMeta } from "~/web/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => privateMeta(data ? `Order ${data.order.number}` : "Order", matches);

export async function loader({ request, context: { deps }, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, deps, getMessages(deps.config.product).shop.orders.loginToView);
  const order = await orNotFound(getOwnOrder(deps, user.id, params.number));
  const { firstName, lastName, phone, address, city, state, zip } = order;
  return { order: toOrderCard(order), shipTo: { name: `${firstName} ${lastName}`, phone, lines: [address, `${city}, ${state} ${zip}`] } };
}

export default function OrderPage() {
  const { order, shipTo } = useLoaderData<typeof loader>();
  const m = useMessages().shop.orders;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/orders" className="link text-sm">
        {m.backToOrders}
      </Link>
      <div className="mt-4">
        <OrderCard order={order} headingLevel={1} linkNumber={false} />
      </div>
      <section aria-labelledby="ship-to" className="card mt-6 p-5 text-sm">
        <h2 id="ship-to" className="font-bold">
          {m.shipTo}
        </h2>
        <p className="mt-2">{shipTo.name}</p>
        <p>{shipTo.phone}</p>
        {shipTo.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>
    </div>
  );
}
