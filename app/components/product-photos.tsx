import { useState, type ReactNode } from "react";
import { Form } from "~/components/link";
import { FieldError } from "~/components/field-parts";
import { FormError } from "~/components/form-field";
import { PhotoPicker } from "~/components/photo-picker";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";

/** The admin's text inputs and selects on the product page. */
export const ADMIN_INPUT = "min-h-11 w-full rounded-xl border border-river-400 bg-white px-3 dark:bg-river-950";

type PhotoRow = { id: number; url: string; alt: string; width: number; height: number };

/**
 * Upload (bytes checked on the server, a large photo made smaller in the browser first), reorder, choose the main
 * photo (the first) and delete; plain forms. A refused upload says why beside the file, its alt text kept.
 */
export function PhotoSection({ photos, error, typedAlt, busy }: { photos: PhotoRow[]; error: string | null; typedAlt: string; busy: boolean }) {
  const m = shopAdminMessages.photos;
  const [preparing, setPreparing] = useState(false);
  return (
    <section aria-labelledby="photos-heading" className="card mt-8 p-6">
      <h2 id="photos-heading" className="font-serif text-2xl font-bold">
        {m.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{m.hint}</p>
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
      {/* Keyed by the photos: after an upload the form starts empty again, with or without JavaScript. The alt text
          comes before the file, so a post too large to take still brings it back. */}
      <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-x-3 sm:grid-cols-2" key={photos.map((p) => p.id).join()}>
        <input type="hidden" name="intent" value="photo-add" />
        <div className="sm:col-span-2">
          <FormError errors={error ? [m.notAdded] : undefined} />
        </div>
        <div className="min-w-0">
          <label htmlFor="photo-alt" className="block text-sm font-medium">
            {m.alt}
          </label>
          <input id="photo-alt" name="alt" required minLength={3} maxLength={150} defaultValue={typedAlt} className={`${ADMIN_INPUT} mt-1`} />
        </div>
        <div className="min-w-0">
          <label htmlFor="photo-file" className="block text-sm font-medium">
            {m.file}
          </label>
          <PhotoPicker
            id="photo-file"
            name="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            required
            describedBy="photo-file-hint photo-file-error"
            invalid={Boolean(error)}
            hint={{ id: "photo-file-hint", text: m.fileHint }}
            texts={m}
            onPreparing={setPreparing}
          />
          <FieldError id="photo-file-error" errors={error ? [error] : undefined} />
        </div>
        <button type="submit" className="btn-dark sm:col-span-2" disabled={busy || preparing}>
          {preparing ? m.preparing : busy ? m.uploading : m.upload}
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
