import { formatDate } from "~/lib/dates";
import { brandName, pathInLang } from "~/i18n/lang";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RichText } from "~/components/rich-text";
import { contentContext } from "~/config.server";
import { getPolicy } from "~/content/policies";
import { format } from "~/i18n/format";
import { publicPage } from "~/web/cache-headers";
import { pageMeta } from "~/web/meta";
import { useMessages, useLang } from "~/web/site";

/** One module for the five policy pages (routes are declared in vite.config.ts). */
export const headers = publicPage(3600);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: `${data?.policy.title ?? ""} | ${data?.brand ?? ""}`, description: data?.policy.description ?? "" });

export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  const config = deps.config;
  const policy = getPolicy(contentContext(config, deps.lang), pathInLang(new URL(request.url).pathname, "en"), deps.lang);
  if (!policy) throw new Response("Not Found", { status: 404 });
  return { policy, brand: brandName(config, deps.lang) };
}

function anchor(heading: string) {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export default function PolicyPage() {
  const { lang } = useLang();
  const { policy } = useLoaderData<typeof loader>();
  const m = useMessages().policy;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-serif text-4xl font-bold">{policy.title}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{format(m.updated, { date: formatDate(policy.updatedOn, lang) })}</p>
      <p className="mt-6 text-lg leading-relaxed text-slate-700 dark:text-slate-200">{policy.intro}</p>
      <nav aria-label={m.onThisPage} className="card mt-8 p-5">
        <h2 className="text-sm font-semibold uppercase tracking-wider text-slate-600 dark:text-slate-300">{m.onThisPage}</h2>
        <ul className="mt-3 space-y-1.5">
          {policy.sections.map((s) => (
            <li key={s.heading}>
              <a href={`#${anchor(s.heading)}`} className="link">
                {s.heading}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {policy.sections.map((s) => (
        <section key={s.heading} id={anchor(s.heading)} className="mt-10">
          <h2 className="font-serif text-2xl font-bold">{s.heading}</h2>
          <RichText blocks={s.blocks} headingOffset={1} />
        </section>
      ))}
    </article>
  );
}
