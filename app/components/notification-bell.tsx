import { useFetcher } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useEffect, useRef, useState } from "react";
import { format } from "~/i18n/format";
import { formatDateTime } from "~/lib/dates";
import type { loader as notificationsLoader } from "~/routes/notifications";
import { useLang, useMessages, useSite } from "~/web/site";
import { LineIcon } from "./line-icon";

const SHOWN = 5;

/**
 * The bell. Without JavaScript it is a link to /notifications. With it, it opens a panel of the 5 newest
 * (limited height), which closes on an outside click or Escape; opening marks them all read, and choosing
 * one marks it read and opens its order (the same form posts the page uses).
 */
export function NotificationBell() {
  const { unreadNotifications } = useSite();
  const m = useMessages();
  const { l } = useLang();
  const list = useFetcher<typeof notificationsLoader>();
  const mark = useFetcher();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const unread = mark.state !== "idle" || mark.data ? 0 : unreadNotifications;

  useEffect(() => {
    if (!open) return;
    const onClick = (e: MouseEvent) => root.current && !root.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const toggle = (e: React.MouseEvent) => {
    e.preventDefault();
    if (open) return setOpen(false);
    setOpen(true);
    list.load(l("/notifications"));
    if (unreadNotifications > 0) mark.submit({ intent: "seen" }, { method: "post", action: l("/notifications") });
  };

  const items = list.data?.items.slice(0, SHOWN) ?? [];
  // On a phone the panel spans the screen under the header (the bell is not at the edge, so a panel anchored
  // to it would run off the left side); from sm up it hangs under the bell.
  return (
    <div ref={root} className="sm:relative">
      <Link
        to="/notifications"
        onClick={toggle}
        aria-expanded={open}
        aria-label={format(m.auth.bell, { n: unread })}
        className="relative flex h-11 w-11 items-center justify-center rounded-full text-lg hover:bg-river-100 dark:hover:bg-river-800"
      >
        <LineIcon>
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </LineIcon>
        {unread > 0 ? (
          <span aria-hidden="true" className="absolute right-1 top-1 rounded-full bg-red-600 px-1.5 text-xs font-bold text-white">
            {unread}
          </span>
        ) : null}
      </Link>
      {open ? (
        <div
          role="dialog"
          aria-label={m.notifications.title}
          className="card fixed inset-x-4 top-16 z-40 max-h-96 overflow-y-auto p-2 shadow-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-80"
        >
          {list.state === "loading" && !list.data ? (
            <p className="p-3 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
              …
            </p>
          ) : items.length === 0 ? (
            <p className="p-3 text-sm text-slate-600 dark:text-slate-300">{m.notifications.empty}</p>
          ) : (
            <ul className="divide-y divide-river-100 dark:divide-river-800">
              {items.map((n) => (
                <li key={n.id}>
                  <NotificationItem item={n} onDone={() => setOpen(false)} />
                </li>
              ))}
            </ul>
          )}
          <Link to="/notifications" onClick={() => setOpen(false)} className="link block p-3 text-sm">
            {m.notifications.viewAll}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

function NotificationItem({
  item,
  onDone,
}: {
  item: { id: number; title: string; message: string; orderNumber: string | null; auctionId: number | null; createdAt: number };
  onDone: () => void;
}) {
  const { lang } = useLang();
  const body = (
    <>
      <span className="block text-sm font-semibold">{item.title}</span>
      <span className="mt-1 line-clamp-2 block text-sm text-slate-700 dark:text-slate-200">{item.message}</span>
      <span className="mt-1 block text-xs text-slate-600 dark:text-slate-300">{formatDateTime(item.createdAt, lang)}</span>
    </>
  );
  if (!item.orderNumber && !item.auctionId) return <div className="p-3">{body}</div>;
  return (
    <Form method="post" action="/notifications" onSubmit={onDone}>
      <input type="hidden" name="intent" value="one" />
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="open" value={item.orderNumber ?? `auction-${item.auctionId}`} />
      <button type="submit" className="w-full rounded-lg p-3 text-left hover:bg-river-50 dark:hover:bg-river-800">
        {body}
      </button>
    </Form>
  );
}
