import type { ReactNode } from "react";
import { Form } from "~/components/link";
import { FormError } from "~/components/form-field";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";

/** The admin's text inputs and selects on the product page. */
export const ADMIN_INPUT = "min-h-11 w-full rounded-xl border border-river-400 bg-white px-3 dark:bg-river-950";

type PhotoRow = { id: number; url: string; alt: string; width: number; height: number };

/** Upload (bytes checked on the server), reorder, choose the main photo (the first) and delete; plain forms. */
export function PhotoSection({ photos, error, busy }: { photos: PhotoRow[]; error: string | null; busy: boolean }) {
  const m = shopAdminMessages.photos;
  return (
    <section aria-labelledby="photos-heading" className="card mt-8 p-6">
      <h2 id="photos-heading" className="font-serif text-2xl font-bold">
        {m.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{m.hint}</p>
      <FormError errors={error ? [error] : undefined} />
      <ol className="mt-4 grid gap-3 sm:grid-cols-2">
        {photos.map((photo, i) => (
          <li key={photo.id} className="flex gap-3 rounded-xl border border-river-200 p-3 dark:border-river-700">
            <img src={photo.url} alt={photo.alt} width={photo.width} height={photo.height} loading="lazy" className="h-20 w-28 rounded-lg object-cover" />
            <div className="min-w-0 flex-1">
              <p className="text-sm">
                {i === 0 ? <strong>{m.main} · </strong> : null}
                {photo.alt}
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-300">
                {photo.width} × {photo.height}
              </p>
              <Form method="post" className="mt-2 flex flex-wrap gap-1">
                <input type="hidden" name="photo" value={photo.id} />
                {i > 0 ? (
                  <>
                    <PhotoAction intent="photo-main" busy={busy}>
                      {m.makeMain}
                    </PhotoAction>
                    <PhotoAction intent="photo-up" busy={busy} label={`${m.up}: ${photo.alt}`}>
                      ↑
                    </PhotoAction>
                  </>
                ) : null}
                {i < photos.length - 1 ? (
                  <PhotoAction intent="photo-down" busy={busy} label={`${m.down}: ${photo.alt}`}>
                    ↓
                  </PhotoAction>
                ) : null}
                <PhotoAction intent="photo-delete" busy={busy} label={`${m.delete}: ${photo.alt}`}>
                  {m.delete}
                </PhotoAction>
              </Form>
            </div>
          </li>
        ))}
      </ol>
      <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="photo-add" />
        <label className="flex flex-col gap-1 text-sm font-medium">
          {m.file}
          <input type="file" name="file" accept="image/jpeg,image/png,image/webp,image/avif" required className="min-h-11" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {m.alt}
          <input name="alt" required minLength={3} maxLength={150} className={`${ADMIN_INPUT} mt-0`} />
        </label>
        <button type="submit" className="btn-dark sm:col-span-2" disabled={busy}>
          {m.upload}
        </button>
      </Form>
    </section>
  );
}

/** One of a photo's small buttons, which submit its form with their own intent. */
function PhotoAction({ intent, busy, label, children }: { intent: string; busy: boolean; label?: string; children: ReactNode }) {
  return (
    <button type="submit" name="intent" value={intent} className="btn-outline min-h-9 px-3 py-1 text-xs" disabled={busy} aria-label={label}>
      {children}
    </button>
  );
}
