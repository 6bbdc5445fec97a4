import type { PhotoView } from "~/catalog/photos";
import { Link } from "~/components/link";
import type { fishMessages } from "~/i18n/fish.messages";
import { format } from "~/i18n/format";
import { fishPath } from "~/landings/rules";
import { PhotoPicture } from "./product-image";

export type OrderFishData = {
  words: (typeof fishMessages)["order"];
  fish: { code: string; name: string; weight: string; perKg: string; final: string | null; place: string; landed: string; photos: PhotoView[] }[];
  final: string | null;
  balance: { label: string; amount: string } | null;
};

/** The order's fish on the scale: each one's photos, weight, price per kg and final price, its landing and its page; then the balance. */
export function OrderFish({ data }: { data: OrderFishData | null }) {
  if (!data || data.fish.length === 0) return null;
  const t = data.words;
  return (
    <section aria-labelledby="scale-heading" className="card mt-6 p-5">
      <h2 id="scale-heading" className="font-bold">
        {t.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t.intro}</p>
      <ul className="mt-4 space-y-6">
        {data.fish.map((f) => (
          <li key={f.code}>
            <p className="font-semibold">{f.name}</p>
            <ul className="mt-2 grid grid-cols-2 gap-3">
              {f.photos.map((photo) => (
                <li key={photo.url}>
                  <PhotoPicture photo={photo} sizes="(min-width: 768px) 22rem, calc(50vw - 2rem)" className="h-auto w-full rounded-xl" />
                </li>
              ))}
            </ul>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-600 dark:text-slate-300">{t.weight}</dt>
                <dd className="font-semibold">{f.weight}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-300">{t.perKg}</dt>
                <dd className="font-semibold">{f.perKg}</dd>
              </div>
              {f.final ? (
                <div>
                  <dt className="text-slate-600 dark:text-slate-300">{t.final}</dt>
                  <dd className="font-semibold">{f.final}</dd>
                </div>
              ) : null}
            </dl>
            <p className="mt-2 text-sm">{format(t.landedAt, { place: f.place, time: f.landed })}</p>
            <Link to={fishPath(f.code)} className="link mt-1 inline-block text-sm">
              {t.page} <span className="font-mono">({f.code})</span>
            </Link>
          </li>
        ))}
      </ul>
      {data.final ? (
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 border-t border-river-100 pt-3 dark:border-river-800">
          <div className="flex gap-2">
            <dt>{t.final}</dt>
            <dd className="font-bold">{data.final}</dd>
          </div>
          {data.balance ? (
            <div className="flex gap-2">
              <dt>{data.balance.label}</dt>
              <dd className="font-bold">{data.balance.amount}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}
