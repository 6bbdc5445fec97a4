import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PhotoPicture } from "~/components/product-image";
import { sectionsFor } from "~/i18n/texts";
import { format } from "~/i18n/format";
import { brandName, productName } from "~/i18n/lang";
import { findFish } from "~/landings/fish-page.server";
import { publicPage } from "~/web/cache-headers";
import { pageMeta } from "~/web/meta";

/** One fish's page: public and the same for everyone, so the edge keeps it; a new weighing moves the catalogue's version. */
export const headers = publicPage(300);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Oops! Page not found" }];
  return pageMeta({ title: `${data.title} | ${data.brand}`, description: data.words.intro });
};

export async function loader({ params, context: { deps } }: LoaderFunctionArgs) {
  const fish = await findFish(deps, params.code ?? "", deps.lang);
  // The usual 404, whether the code is malformed or merely unknown: nothing says which.
  if (!fish) throw new Response("Not found", { status: 404 });
  const words = sectionsFor(deps).fish.page;
  return {
    fish,
    words,
    // The page names the store in its own language, as every page's title does.
    brand: brandName(deps.config, deps.lang),
    title: format(words.title, { code: fish.code }),
    heading: format(words.heading, { product: productName(deps.config, deps.lang), place: fish.place }),
  };
}

export default function FishPage() {
  const { fish, words: t, heading } = useLoaderData<typeof loader>();
  const facts: [string, string][] = [
    [t.place, fish.place],
    [t.landed, fish.landed],
    [t.weight, fish.weight],
    [t.weighed, fish.weighed],
    [t.toDoor, fish.hours ?? t.onItsWay],
    ...(fish.city ? [[t.deliveredIn, fish.city] as [string, string]] : []),
    [t.code, fish.code],
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold">{heading}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-200">{t.intro}</p>
      <dl className="card mt-6 grid grid-cols-1 gap-x-6 gap-y-3 p-5 sm:grid-cols-2">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm text-slate-600 dark:text-slate-300">{term}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {fish.photos.length ? (
        <section aria-labelledby="scale-heading" className="mt-6">
          <h2 id="scale-heading" className="font-serif text-2xl font-bold">
            {t.photos}
          </h2>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2">
            {fish.photos.map((photo, i) => (
              <li key={photo.url}>
                <PhotoPicture photo={photo} sizes="(min-width: 640px) 22rem, calc(100vw - 2rem)" className="h-auto w-full rounded-2xl" priority={i === 0} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {fish.video ? (
        <section aria-labelledby="video-heading" className="mt-6">
          <h2 id="video-heading" className="font-serif text-2xl font-bold">
            {t.video}
          </h2>
          {/* The weighing's own sound (the seller reading the scale) is kept; nothing plays until asked. */}
          <video controls preload="none" className="mt-3 w-full rounded-2xl">
            <source src={fish.video.url} type={fish.video.type} />
          </video>
        </section>
      ) : null}
      {fish.landingPhoto ? (
        <section aria-labelledby="landing-heading" className="mt-6">
          <h2 id="landing-heading" className="font-serif text-2xl font-bold">
            {t.landingPhoto}
          </h2>
          <PhotoPicture photo={fish.landingPhoto} sizes="(min-width: 768px) 46rem, calc(100vw - 2rem)" className="mt-3 h-auto w-full rounded-2xl" />
        </section>
      ) : null}
    </div>
  );
}
