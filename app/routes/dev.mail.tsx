import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { formatDateTimeIst } from "~/lib/dates";
import { listOutbox } from "~/mail/mail.server";
import { devMailMessages } from "~/i18n/account.messages";
import { privateMeta } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => privateMeta("Mail outbox (development)", matches);

/** Exists only in local development: in production this path is a plain 404. */
export async function loader({ context: { deps } }: LoaderFunctionArgs) {
  if (!deps.config.isDevelopment) throw new Response("Not Found", { status: 404 });
  const mails = await listOutbox(deps);
  return { mails: mails.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })) };
}

export default function DevMail() {
  const { mails } = useLoaderData<typeof loader>();
  const m = devMailMessages;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-serif text-3xl font-bold">{m.title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{m.intro}</p>
      {mails.length === 0 ? <p className="card mt-8 p-6">{m.empty}</p> : null}
      <ol className="mt-8 space-y-4">
        {mails.map((mail) => (
          <li key={mail.id} className="card p-5">
            <article aria-label={mail.subject}>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                <time dateTime={mail.createdAt}>{formatDateTimeIst(mail.createdAt)}</time>
              </p>
              <dl className="mt-2 grid grid-cols-[5rem_minmax(0,1fr)] gap-1 text-sm">
                <dt className="font-medium">{m.to}</dt>
                <dd className="mail-to break-all">{mail.to}</dd>
                <dt className="font-medium">{m.subject}</dt>
                <dd className="break-words font-semibold">{mail.subject}</dd>
              </dl>
              <pre className="mt-4 whitespace-pre-wrap [overflow-wrap:anywhere] rounded-lg bg-river-50 p-4 font-sans text-sm dark:bg-river-950">
                {mail.body}
              </pre>
            </article>
          </li>
        ))}
      </ol>
    </div>
  );
}
