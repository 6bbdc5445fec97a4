import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { localePath } from "~/i18n/lang";
import { data, redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { z } from "zod";
import { messagesFor } from "~/i18n/texts";
import { formatDateTime } from "~/lib/dates";
import { NotFoundError } from "~/lib/errors";
import { listNotifications, markAllRead, markRead } from "~/notifications/notifications.server";
import { redirectWithFlash } from "~/web/flash.server";
import { requireUser } from "~/web/guards.server";
import { useMessages, useLang } from "~/web/site";
import { privateMeta } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => privateMeta((t) => t.notifications, matches);

export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  const user = await requireUser(request, deps);
  const items = await listNotifications(deps, user.id);
  return {
    isAdmin: user.isAdmin,
    items: items.map((n) => ({
      id: n.id,
      title: n.title,
      message: n.message,
      orderNumber: n.orderNumber,
      auctionId: n.auctionId,
      read: n.readAt !== null,
      createdAt: n.createdAt,
    })),
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("all") }),
  // The bell's panel was opened (JavaScript): everything is seen, no page to go to, no toast.
  z.object({ intent: z.literal("seen") }),
  z.object({ intent: z.literal("one"), id: z.coerce.number().int().positive().max(2_147_483_647), open: z.string().optional() }),
]);

/** Mark all, or one (and, when asked, open its order). Only the signed-in user's own notifications change. */
export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  const user = await requireUser(request, deps);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return redirect(localePath(deps.lang, "/notifications"));
  if (parsed.data.intent === "seen") {
    await markAllRead(deps, user.id);
    return data({ ok: true });
  }
  if (parsed.data.intent === "all") {
    await markAllRead(deps, user.id);
    return redirectWithFlash(deps, "/notifications", { type: "success", text: messagesFor(deps).notifications.marked });
  }
  try {
    await markRead(deps, user.id, parsed.data.id);
  } catch (error) {
    // Not this user's notice (or gone), or the database failed: nothing changed, and the list says so.
    if (!(error instanceof NotFoundError)) console.error(error);
    return redirectWithFlash(deps, "/notifications", { type: "error", text: messagesFor(deps).notifications.markFailed });
  }
  return redirect(localePath(deps.lang, noticeTarget(parsed.data.open, user.isAdmin)));
}

/** Where a notice leads: its order (the admin's view for an admin), or its auction (`open` = "auction-{id}"). */
function noticeTarget(open: string | undefined, isAdmin: boolean) {
  if (open && /^PUL-[0-9A-Z-]+$/.test(open)) return isAdmin ? `/admin-dashboard/orders/${open}` : `/orders/${open}`;
  const auction = open ? /^auction-(\d{1,12})$/.exec(open) : null;
  return auction ? `/auctions/${auction[1]}` : "/notifications";
}

export default function Notifications() {
  const { lang } = useLang();
  const { items, isAdmin } = useLoaderData<typeof loader>();
  const all = useMessages();
  const m = all.notifications;
  const unread = items.some((n) => !n.read);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-bold">{m.title}</h1>
        {unread ? (
          <Form method="post">
            <button type="submit" name="intent" value="all" className="btn-outline">
              {m.markAll}
            </button>
          </Form>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="mt-8 text-slate-600 dark:text-slate-300">{m.empty}</p>
      ) : (
        <ul className="mt-8 space-y-3">
          {items.map((n) => (
            <li key={n.id} className={`card p-4 ${n.read ? "" : "border-l-4 border-l-gold-400"}`}>
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {n.read ? null : <span className="sr-only">{m.unread}: </span>}
                    {n.title}
                  </p>
                  <p className="mt-1 break-words text-sm text-slate-700 dark:text-slate-200">{n.message}</p>
                  <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">{formatDateTime(n.createdAt, lang)}</p>
                </div>
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                {n.orderNumber || n.auctionId ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={n.id} />
                    <input type="hidden" name="open" value={n.orderNumber ?? `auction-${n.auctionId}`} />
                    <button type="submit" name="intent" value="one" className="btn-outline min-h-11 text-sm">
                      {n.orderNumber ? `${m.viewOrder} ${n.orderNumber}` : m.viewAuction}
                    </button>
                  </Form>
                ) : null}
                {!n.read ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={n.id} />
                    <button type="submit" name="intent" value="one" className="link min-h-11 text-sm">
                      {m.markRead}
                    </button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {isAdmin ? (
        <p className="mt-8">
          <Link to="/admin-dashboard" className="link">
            {all.nav.adminDashboard}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
