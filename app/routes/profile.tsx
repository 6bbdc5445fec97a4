import { formatDate } from "~/lib/dates";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useMessages } from "~/web/site";
import { privateMeta } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => privateMeta("My Profile", matches);

export async function loader({ context: { deps } }: LoaderFunctionArgs) {
  if (!deps.user) return { profile: null };
  const { name, email, phone, address, createdAt } = deps.user;
  return { profile: { name, email, phone, address, createdAt } };
}

export default function Profile() {
  const { profile } = useLoaderData<typeof loader>();
  const all = useMessages();
  const m = all.auth;
  if (!profile) {
    return (
      <div className="mx-auto max-w-md px-4 py-20 text-center">
        <h1 className="font-serif text-3xl font-bold">{m.pleaseLogin}</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">{m.pleaseLoginText}</p>
        <Link to="/login?redirectTo=/profile" className="btn-dark mt-8">
          {m.goToLogin}
        </Link>
      </div>
    );
  }
  const rows = [
    [m.name, profile.name],
    [m.email, profile.email],
    [m.phone, profile.phone],
    [m.address, profile.address],
    [m.memberSince, formatDate(profile.createdAt)],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <div className="card p-6 sm:p-8">
        <div className="flex items-center gap-4">
          <span aria-hidden="true" className="flex h-14 w-14 items-center justify-center rounded-full bg-river-700 text-2xl font-bold text-white">
            {profile.name.slice(0, 1).toUpperCase()}
          </span>
          <h1 className="font-serif text-3xl font-bold">{m.profileTitle}</h1>
        </div>
        <dl className="mt-8 divide-y divide-river-100 dark:divide-river-800">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 py-3 sm:grid-cols-3">
              <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</dt>
              <dd className="break-words sm:col-span-2">{value}</dd>
            </div>
          ))}
        </dl>
        <Form method="post" action="/logout" className="mt-8">
          <button type="submit" className="btn-outline text-red-700 dark:text-red-300">
            {all.nav.logout}
          </button>
        </Form>
      </div>
    </div>
  );
}
