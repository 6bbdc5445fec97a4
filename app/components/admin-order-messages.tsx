import type { SerializeFrom } from "@remix-run/cloudflare";
import type { getAdminOrder } from "~/admin/order-list.server";
import { format } from "~/i18n/format";
import { messagingMessages } from "~/i18n/messaging.messages";
import { formatAdminDateTime } from "~/lib/dates";
import { MESSAGE_TRIES } from "~/messaging/en-route";

type Message = SerializeFrom<Awaited<ReturnType<typeof getAdminOrder>>>["messages"][number];
const m = messagingMessages.admin;

function outcome(message: Message): string {
  if (message.state === "sent")
    return format(message.provider === "outbox" ? m.sentLocally : m.sent, { when: formatAdminDateTime(message.sentAt ?? message.updatedAt) });
  if (message.state === "failed") return format(message.tries > 1 ? m.failed : m.failedAtOnce, { tries: message.tries, error: message.lastError ?? "" });
  if (message.tries === 0) return m.waiting;
  return format(m.retrying, { tries: message.tries, max: MESSAGE_TRIES, error: message.lastError ?? "", when: formatAdminDateTime(message.nextAttemptAt) });
}

/** The text messages sent about the order (the SMS when it shipped): to whom, what, and whether it went; a failure stands out. */
export function OrderMessages({ messages }: { messages: Message[] }) {
  if (messages.length === 0) return null;
  return (
    <section className="card mt-6 break-words p-5" aria-labelledby="messages-heading">
      <h2 id="messages-heading" className="text-lg font-bold">
        {m.title}
      </h2>
      <ul className="mt-3 space-y-3 text-sm">
        {messages.map((message) => (
          <li key={message.id}>
            <p className="font-semibold">
              {m.kinds[message.kind]} ·{" "}
              {format(message.channel === "whatsapp" ? messagingMessages.whatsappTo : messagingMessages.smsTo, { phone: message.toPhone })}
            </p>
            <p className="text-slate-600 dark:text-slate-300">{message.body}</p>
            <p
              role={message.state === "failed" ? "alert" : undefined}
              className={
                message.state === "failed"
                  ? "mt-1 rounded-lg border border-red-300 bg-red-50 p-2 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
                  : "mt-1"
              }
            >
              {outcome(message)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
