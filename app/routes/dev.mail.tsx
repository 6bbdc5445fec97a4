import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { formatDateTimeIst } from "~/lib/dates";
import { listOutbox } from "~/mail/mail.server";
import { devOutboxMessages } from "~/messaging/outbox.server";
import { devOutboxPushes } from "~/push/outbox.server";
import { devMailMessages } from "~/i18n/account.messages";
import { format } from "~/i18n/format";
import { messagingMessages } from "~/i18n/messaging.messages";
import { privateMeta } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => privateMeta("Mail outbox (development)", matches);

/**
 * Exists only in local development: in production this path is a plain 404. E-mails, text messages and pushes in
 * one list, newest first; mail is stamped to the second, so a text or push sent in the same second as a mail follows it.
 */
export async function loader({ context: { deps } }: LoaderFunctionArgs) {
  if (!deps.config.isDevelopment) throw new Response("Not Found", { status: 404 });
  const [mails, texts, pushes] = await Promise.all([listOutbox(deps), devOutboxMessages(deps), devOutboxPushes(deps)]);
  const device = devMailMessages.push.device;
  const entries = [
    ...mails.map((m) => ({ key: `mail-${m.id}`, channel: "mail" as const, at: m.createdAt, to: m.to, subject: m.subject, body: m.body, url: null })),
    ...texts.map((t) => ({ key: `sms-${t.id}`, channel: "sms" as const, at: t.sentAt ?? t.createdAt, to: t.toPhone, subject: null, body: t.body, url: null })),
    ...pushes.map((p) => ({
      key: `push-${p.id}`,
      channel: "push" as const,
      at: p.sentAt ?? p.createdAt,
      to: format(device, { id: String(p.subscriptionId), lang: p.lang }),
      subject: p.title,
      body: p.body,
      url: p.url,
    })),
  ].sort((a, b) => Math.floor(b.at / 1000) - Math.floor(a.at / 1000));
  return { entries: entries.map((e) => ({ ...e, at: new Date(e.at).toISOString() })) };
}

export default function DevMail() {
  const { entries } = useLoaderData<typeof loader>();
  const m = devMailMessages;
  const sms = messagingMessages.devOutbox;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-serif text-3xl font-bold">{m.title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{m.intro}</p>
      <p className="mt-1 text-slate-600 dark:text-slate-300">{sms.intro}</p>
      <p className="mt-1 text-slate-600 dark:text-slate-300">{m.push.intro}</p>
      {entries.length === 0 ? <p className="card mt-8 p-6">{m.empty}</p> : null}
      <ol className="mt-8 space-y-4">
        {entries.map((entry) => (
          <li key={entry.key} className="card p-5">
            <article aria-label={entry.subject ?? format(messagingMessages.smsTo, { phone: entry.to })}>
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
                {entry.channel !== "mail" ? (
                  <span className="rounded-full bg-river-800 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white dark:bg-river-200 dark:text-river-950">
                    {entry.channel === "sms" ? sms.label : m.push.label}
                  </span>
                ) : null}
                <time dateTime={entry.at}>{formatDateTimeIst(entry.at)}</time>
              </p>
              <dl className="mt-2 grid grid-cols-[5rem_minmax(0,1fr)] gap-1 text-sm">
                <dt className="font-medium">{m.to}</dt>
                <dd className={`${entry.channel}-to break-all`}>{entry.to}</dd>
                {entry.subject !== null ? (
                  <>
                    <dt className="font-medium">{entry.channel === "push" ? m.push.title : m.subject}</dt>
                    <dd className="break-words font-semibold">{entry.subject}</dd>
                  </>
                ) : null}
                {entry.url !== null ? (
                  <>
                    <dt className="font-medium">{m.push.opens}</dt>
                    <dd className="push-url break-all">{entry.url}</dd>
                  </>
                ) : null}
              </dl>
              <pre className="mt-4 whitespace-pre-wrap [overflow-wrap:anywhere] rounded-lg bg-river-50 p-4 font-sans text-sm dark:bg-river-950">
                {entry.body}
              </pre>
            </article>
          </li>
        ))}
      </ol>
    </div>
  );
}
