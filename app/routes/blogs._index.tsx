import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { brandName } from "~/i18n/lang";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { Picture } from "~/components/picture";
import { contentContext } from "~/config.server";
import { getBlogs } from "~/content/blogs";
import { format } from "~/i18n/format";
import { messagesFor } from "~/i18n/texts";
import { publicPage } from "~/web/cache-headers";
import { pageMeta } from "~/web/meta";
import { useMessages } from "~/web/site";

export const headers = publicPage(3600);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: `${data?.heading ?? "Blogs"} | ${data?.brand ?? ""}`, description: data?.intro ?? "" });

/** The index shows articles 1–6; article 7 exists only as a title. */
const INDEX_SIZE = 6;

export async function loader({ context: { deps } }: LoaderFunctionArgs) {
  const config = deps.config;
  const m = messagesFor(deps).blog;
  const cards = getBlogs(contentContext(config, deps.lang), deps.lang)
    .slice(0, INDEX_SIZE)
    .map(({ id, title, category, summary, image, readMinutes }) => ({ id, title, category, summary, image, readMinutes }));
  return { cards, brand: brandName(config, deps.lang), heading: m.heading, intro: m.intro };
}

export default function Blogs() {
  const { cards } = useLoaderData<typeof loader>();
  const m = useMessages().blog;
  return (
    <div className="mx-auto max-w-6xl px-4 py-14">
      <h1 className="font-serif text-4xl font-bold">{m.heading}</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600 dark:text-slate-300">{m.intro}</p>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((blog) => (
          <li key={blog.id} className="flex">
            <article className="card group relative flex flex-1 flex-col overflow-hidden">
              {blog.image ? (
                <Picture
                  {...blog.image}
                  kind="blog"
                  sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, calc(100vw - 2rem)"
                  className="aspect-video w-full object-cover"
                />
              ) : null}
              <div className="flex flex-1 flex-col p-5">
                <p className="flex items-center gap-3 text-xs">
                  <span className="badge bg-river-100 text-river-800 dark:bg-river-800 dark:text-river-100">{blog.category}</span>
                  <span className="text-slate-600 dark:text-slate-300">{format(m.minutesRead, { n: blog.readMinutes })}</span>
                </p>
                <h2 className="mt-3 font-serif text-xl font-bold">
                  <Link to={`/blogs/${blog.id}`} className="after:absolute after:inset-0 group-hover:underline" prefetch="intent">
                    {blog.title}
                  </Link>
                </h2>
                <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{blog.summary}</p>
                <p className="mt-4 text-sm font-semibold text-river-700 dark:text-gold-300" aria-hidden="true">
                  {m.readMore} →
                </p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
