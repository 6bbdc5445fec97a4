import { formatDate } from "~/lib/dates";
import { brandName } from "~/i18n/lang";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { Picture } from "~/components/picture";
import { RichText } from "~/components/rich-text";
import { contentContext } from "~/config.server";
import { getBlog } from "~/content/blogs";
import { format } from "~/i18n/format";
import { publicPage } from "~/web/cache-headers";
import { pageMeta, privateMeta } from "~/web/meta";
import { useMessages, useLang } from "~/web/site";

export const headers = publicPage(3600);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data?.blog ? pageMeta({ title: `${data.blog.title} | ${data.brand}`, description: data.blog.summary }) : privateMeta((t) => t.blogNotFound, matches);

export async function loader({ params, context: { deps } }: LoaderFunctionArgs) {
  const config = deps.config;
  const id = /^\d{1,3}$/.test(params.id ?? "") ? Number(params.id) : Number.NaN;
  const blog = getBlog(contentContext(config, deps.lang), id, deps.lang) ?? null;
  return data({ blog, brand: brandName(config, deps.lang) }, { status: blog ? 200 : 404 });
}

export default function BlogArticle() {
  const { lang } = useLang();
  const { blog } = useLoaderData<typeof loader>();
  const m = useMessages().blog;
  const back = (
    <Link to="/blogs" className="btn-outline text-river-700 dark:text-river-100">
      {m.back}
    </Link>
  );
  if (!blog) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-20 text-center">
        <h1 className="font-serif text-3xl font-bold">{m.notFound}</h1>
        <div className="mt-8">{back}</div>
      </div>
    );
  }
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <div>{back}</div>
      <header className="mt-8">
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-300">
          <span className="badge bg-river-100 text-river-800 dark:bg-river-800 dark:text-river-100">{blog.category}</span>
          <time dateTime={blog.publishedOn}>{formatDate(blog.publishedOn, lang)}</time>
          {blog.sections.length > 0 ? <span>{format(m.minutesRead, { n: blog.readMinutes })}</span> : null}
        </p>
        <h1 className="mt-4 font-serif text-4xl font-bold leading-tight">{blog.title}</h1>
      </header>
      {blog.image ? (
        <Picture
          {...blog.image}
          kind="blog"
          sizes="(min-width: 768px) 46rem, calc(100vw - 2rem)"
          priority
          className="mt-8 aspect-video w-full rounded-2xl object-cover"
        />
      ) : null}
      {blog.sections.length > 0 ? (
        <div className="mt-8 text-lg">
          <RichText blocks={blog.sections} />
        </div>
      ) : (
        <p className="mt-8 text-lg text-slate-600 dark:text-slate-300">{m.comingSoon}</p>
      )}
      <div className="mt-12 border-t border-river-100 pt-8 dark:border-river-800">{back}</div>
    </article>
  );
}
