import { eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { parseTypedNumber } from "~/lib/money";
import { recordWeights } from "~/orders/changes.server";
import { bumpCatalogue } from "~/catalog/site-version.server";
import type { CheckedPhoto, CheckedUpload } from "~/catalog/uploads.server";
import { previousChanged } from "~/db/guards.server";
import { fish, fishPhotos, landings, orderItems, orders, type User } from "~/db/schema";
import type { PrimaryDeps } from "~/deps";
import { adminMessages } from "~/i18n/admin.messages";
import { sectionsFor } from "~/i18n/texts";
import { fishMessages } from "~/i18n/fish.messages";
import { format } from "~/i18n/format";
import { localePath, type Lang } from "~/i18n/lang";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { fishPath, MAX_SCALE_PHOTOS, MAX_WEIGHING_FILES_BYTES, newFishCode } from "./rules";
import { checkScalePhoto, checkScaleVideo, isChosen, storeScalePhoto, storeScaleVideo, variantsJson, type StoredPhoto } from "./scale-photos.server";

/** A weighing's refusal of its files or landings, shown at the top of the weighing form. */
export class WeighingFilesError extends InvalidInputError {}

/** The weights and packs the weighing form sends (`weight-{line}`, `packs-{line}`); a blank is no number. */
export function typedWeights(form: FormData) {
  const weights = new Map<number, number>();
  const packs = new Map<number, number>();
  for (const [key, value] of form) {
    const [, kind, id] = /^(weight|packs)-(\d{1,9})$/.exec(key) ?? [];
    // Grams and packs are read as every typed count is: "1e3", "0x3E8" or "1000.5" are no count at all.
    if (id && typeof value === "string") (kind === "weight" ? weights : packs).set(Number(id), parseTypedNumber(value, 0));
  }
  return { weights, packs };
}

type FishLine = { itemId: number; landingId: number; photos: File[]; video: File | null };

/** Each fish line's landing and files as the form sent them: every weighed fish needs a landing and 1 to 4 photos, and nothing else is read. */
function fishLines(form: FormData, itemIds: number[], e: typeof fishMessages.errors): FishLine[] {
  let bytes = 0;
  const lines = itemIds.map((itemId) => {
    const photos = form.getAll(`photo-${itemId}`).filter(isChosen);
    const video = form.get(`video-${itemId}`);
    const landing = String(form.get(`landing-${itemId}`) ?? "");
    if (photos.length === 0) throw new WeighingFilesError(e.photoMissing);
    if (photos.length > MAX_SCALE_PHOTOS) throw new WeighingFilesError(e.tooManyPhotos);
    if (!/^\d{1,9}$/.test(landing)) throw new WeighingFilesError(e.landing);
    const line = { itemId, landingId: Number(landing), photos, video: isChosen(video) ? video : null };
    bytes += photos.reduce((sum, p) => sum + p.size, 0) + (line.video?.size ?? 0);
    return line;
  });
  if (bytes > MAX_WEIGHING_FILES_BYTES) throw new WeighingFilesError(e.tooLarge);
  return lines;
}

/**
 * Weighing an order from the admin's form: every fish line (a per-kg line of the shop) must come with its landing and
 * at least one photo on the scale, each checked by its bytes, or nothing happens. The photos (with their copies) and
 * the video go to R2 first; the fish rows (a code kept across re-weighings), their photos and the catalogue's
 * version (the fish page is cached at the edge) are written in the weighing's own batch, only if the weighing is.
 * The customer's e-mail carries the photos and the fish's page.
 */
export async function weighWithPhotos(deps: PrimaryDeps, actor: User, input: { number: string; version: number; form: FormData }) {
  const e = fishMessages.errors;
  const { weights, packs } = typedWeights(input.form);
  const [order] = await deps.db.select({ id: orders.id, version: orders.version }).from(orders).where(eq(orders.number, input.number)).limit(1);
  if (!order) throw new NotFoundError("Order not found");
  // A replayed or second weighing from the same form is refused before any file is stored.
  if (order.version !== input.version) throw new ConflictError(adminMessages.errors.stale);
  const items = await deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
  const weighed = items.filter((i) => i.productId !== null && i.unit === "kg");
  const lines = fishLines(
    input.form,
    weighed.map((i) => i.id),
    e,
  );
  if (lines.length === 0) return recordWeights(deps, actor, { number: input.number, version: input.version, weights, packs });

  const landingIds = [...new Set(lines.map((l) => l.landingId))];
  const known = await deps.db.select({ id: landings.id }).from(landings).where(inArray(landings.id, landingIds));
  if (known.length !== landingIds.length) throw new WeighingFilesError(e.landing);
  const checked: { line: FishLine; photos: CheckedPhoto[]; video: CheckedUpload | null }[] = [];
  for (const line of lines) {
    const photos: CheckedPhoto[] = [];
    for (const file of line.photos) photos.push(await checkScalePhoto(file, e).catch(asFilesError));
    checked.push({ line, photos, video: line.video ? await checkScaleVideo(line.video, e).catch(asFilesError) : null });
  }
  // The weights are checked before anything is stored; recordWeights checks them again in its own terms.
  for (const { line } of checked) {
    const grams = weights.get(line.itemId);
    if (grams === undefined || !Number.isSafeInteger(grams) || grams < 1) throw new InvalidInputError(adminMessages.errors.weights);
  }

  const existing = await deps.db
    .select({ itemId: fish.orderItemId, code: fish.code })
    .from(fish)
    .where(
      inArray(
        fish.orderItemId,
        lines.map((l) => l.itemId),
      ),
    );
  const codes = new Map(existing.map((f) => [f.itemId, f.code]));
  const stored: { itemId: number; code: string; landingId: number; photos: StoredPhoto[]; video: CheckedUpload | null }[] = [];
  for (const { line, photos, video } of checked) {
    const kept = [];
    for (const photo of photos) kept.push(await storeScalePhoto(deps, photo, e));
    if (video) await storeScaleVideo(deps, video, e);
    stored.push({ itemId: line.itemId, code: codes.get(line.itemId) ?? newFishCode(), landingId: line.landingId, photos: kept, video });
  }

  const now = deps.now();
  // Chained on the previous statement after the weighing's own statements: nothing here is written unless the weighing was.
  const statements: BatchItem<"sqlite">[] = stored.flatMap((f) => [
    deps.db.run(
      sql`INSERT INTO ${fish} (code, order_item_id, landing_id, weight_grams, weighed_at, weighing, video_name, video_type, video_bytes)
          SELECT ${f.code}, ${f.itemId}, ${f.landingId}, ${weights.get(f.itemId)}, ${now}, 1, ${f.video?.name ?? null}, ${f.video?.kind.type ?? null}, ${f.video?.bytes.length ?? null}
          WHERE ${previousChanged()}
          ON CONFLICT (order_item_id) DO UPDATE SET landing_id = excluded.landing_id, weight_grams = excluded.weight_grams,
            weighed_at = excluded.weighed_at, weighing = fish.weighing + 1, video_name = excluded.video_name,
            video_type = excluded.video_type, video_bytes = excluded.video_bytes`,
    ),
    ...f.photos.map(({ upload, variants }, position) =>
      deps.db.run(
        sql`INSERT INTO ${fishPhotos} (fish_id, weighing, name, content_type, bytes, width, height, variants, position)
            SELECT id, weighing, ${upload.name}, ${upload.kind.type}, ${upload.bytes.length}, ${upload.kind.width}, ${upload.kind.height}, ${variantsJson(variants)}, ${position}
            FROM fish WHERE order_item_id = ${f.itemId} AND ${previousChanged()}`,
      ),
    ),
  ]);
  statements.push(bumpCatalogue(deps));
  const base = deps.origin || deps.config.siteUrl;
  const emailLine = (lang: Lang) => {
    if (!base) return undefined;
    const t = sectionsFor({ lang }).fish.mail;
    return stored
      .map((f) =>
        [t.photos, ...f.photos.map((p) => `${base}/photos/${p.upload.name}`), format(t.page, { url: `${base}${localePath(lang, fishPath(f.code))}` })].join(
          "\n",
        ),
      )
      .join("\n\n");
  };
  return recordWeights(deps, actor, { number: input.number, version: input.version, weights, packs, attach: { statements, emailLine } });
}

function asFilesError(error: unknown): never {
  if (error instanceof InvalidInputError && !(error instanceof WeighingFilesError)) throw new WeighingFilesError(error.message);
  throw error;
}
