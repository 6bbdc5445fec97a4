import { asc, desc, eq, isNull, sql } from "drizzle-orm";
import { auctionFish, fish, landingPlaces, landings, type User } from "~/db/schema";
import type { Deps } from "~/deps";
import { bumpCatalogueStatement } from "~/catalog/site-version.server";
import { fishMessages } from "~/i18n/fish.messages";
import { format } from "~/i18n/format";
import { formatDateTimeIst } from "~/lib/dates";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { weightText } from "~/catalog/units";
import { checkLanding, isPlaceName, MAX_SCALE_PHOTOS, MAX_WEIGHING_FILES_BYTES, newFishCode, placeName, type LandingField } from "./rules";
import { checkScalePhoto, checkScaleVideo, isChosen, storeScalePhoto, storeScaleVideo, variantsJson } from "./scale-photos.server";
import { WeighingFilesError } from "./weighing.server";

/**
 * Landings (where and when a catch was brought in) and the list of landing places the admin keeps; the fish
 * weighed for auction lots, and which lot is which fish. The admin's screens only: the public sees a landing
 * through a fish's page, never the boat or fisher.
 */
const e = fishMessages.errors;
const m = fishMessages.admin;

export async function listPlaces(deps: Pick<Deps, "db">) {
  return deps.db.select().from(landingPlaces).orderBy(asc(landingPlaces.hidden), asc(landingPlaces.name));
}

/** The landings recorded most recently (by when they landed), with their place and how many fish were weighed from each. */
export async function recentLandings(deps: Pick<Deps, "db">, limit = 30) {
  return deps.db
    .select({
      id: landings.id,
      landedAt: landings.landedAt,
      boat: landings.boat,
      photoName: landings.photoName,
      place: landingPlaces.name,
      placeTe: landingPlaces.nameTe,
      fishCount: sql<number>`(SELECT count(*) FROM fish f WHERE f.landing_id = ${landings.id})`,
    })
    .from(landings)
    .innerJoin(landingPlaces, eq(landingPlaces.id, landings.placeId))
    .orderBy(desc(landings.landedAt), desc(landings.id))
    .limit(limit);
}

/** A landing as the weighing forms offer it: its place and time. */
export const landingLabel = (l: { place: string; landedAt: number }) => `${l.place} · ${formatDateTimeIst(l.landedAt)}`;

export class LandingFormError extends InvalidInputError {
  constructor(readonly fields: Partial<Record<LandingField | "photo", string>>) {
    super(fishMessages.admin.record);
  }
}

const FIELD_MESSAGES: Record<LandingField, string> = { place: e.place, landed_at: e.landedAt, boat: e.boat };

/** Records a landing from the admin's form: a place on the list (not hidden), a time not in the future, an optional boat and photo. */
export async function addLanding(deps: Pick<Deps, "db" | "photos" | "images" | "now">, actor: User, values: Record<LandingField, string>, photo: File | null) {
  const places = await deps.db.select({ id: landingPlaces.id, name: landingPlaces.name }).from(landingPlaces).where(eq(landingPlaces.hidden, false));
  const checked = checkLanding(
    values,
    places.map((p) => p.id),
    deps.now(),
  );
  const fields: Partial<Record<LandingField | "photo", string>> = checked.ok
    ? {}
    : Object.fromEntries(Object.keys(checked.errors).map((k) => [k, FIELD_MESSAGES[k as LandingField]]));
  let upload = null;
  if (photo && isChosen(photo)) {
    try {
      upload = await checkScalePhoto(photo, e);
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      fields.photo = error.message;
    }
  }
  if (!checked.ok || fields.photo) throw new LandingFormError(fields);
  const stored = upload ? await storeScalePhoto(deps, upload, e) : null;
  const [row] = await deps.db
    .insert(landings)
    .values({
      placeId: checked.value.placeId,
      landedAt: checked.value.landedAt,
      boat: checked.value.boat,
      photoName: stored?.upload.name ?? null,
      photoWidth: stored?.upload.kind.width ?? null,
      photoHeight: stored?.upload.kind.height ?? null,
      photoVariants: stored ? variantsJson(stored.variants) : null,
      createdBy: actor.id,
    })
    .returning({ id: landings.id });
  const place = places.find((p) => p.id === checked.value.placeId)?.name ?? "";
  return { id: row.id, message: format(m.saved, { place, time: formatDateTimeIst(checked.value.landedAt) }) };
}

/** Adds a place to the list; its two names are required, and a name on the list already is refused. */
export async function addPlace(deps: Pick<Deps, "db">, name: string, nameTe: string) {
  if (!isPlaceName(name) || !isPlaceName(nameTe)) throw new InvalidInputError(e.placeName);
  const [row] = await deps.db
    .insert(landingPlaces)
    .values({ name: placeName(name), nameTe: placeName(nameTe) })
    .onConflictDoNothing()
    .returning({ id: landingPlaces.id });
  if (!row) throw new ConflictError(e.placeTaken);
  return format(m.placeAdded, { place: placeName(name) });
}

/** Hides a place from the landing form, or offers it again; landings recorded there keep it. */
export async function setPlaceHidden(deps: Pick<Deps, "db">, id: number, hidden: boolean) {
  const [row] = await deps.db.update(landingPlaces).set({ hidden }).where(eq(landingPlaces.id, id)).returning({ name: landingPlaces.name });
  if (!row) throw new NotFoundError("Landing place not found");
  return format(hidden ? m.placeHidden : m.placeShown, { place: row.name });
}

/**
 * A fish weighed for an auction lot, before bidding: its landing, weight and 1 to 4 photos on the scale (an optional
 * video), checked by their bytes, stored like an order's, with a new code. Returns the code.
 */
export async function weighLotFish(deps: Pick<Deps, "db" | "photos" | "images" | "now">, form: FormData) {
  const landingId = Number(form.get("landing"));
  const grams = Number(form.get("grams"));
  const photos = form.getAll("photos").filter(isChosen);
  const video = form.get("video");
  if (!Number.isSafeInteger(landingId) || !(await deps.db.select({ id: landings.id }).from(landings).where(eq(landings.id, landingId)).limit(1)).length) {
    throw new WeighingFilesError(e.landing);
  }
  if (!Number.isSafeInteger(grams) || grams < 1 || grams > 100_000) throw new WeighingFilesError(e.weight);
  if (photos.length === 0) throw new WeighingFilesError(e.photoMissing);
  if (photos.length > MAX_SCALE_PHOTOS) throw new WeighingFilesError(e.tooManyPhotos);
  if (photos.reduce((n, p) => n + p.size, 0) + (isChosen(video) ? video.size : 0) > MAX_WEIGHING_FILES_BYTES) throw new WeighingFilesError(e.tooLarge);
  const asFiles = (error: unknown): never => {
    throw error instanceof InvalidInputError ? new WeighingFilesError(error.message) : error;
  };
  const checked = [];
  for (const file of photos) checked.push(await checkScalePhoto(file, e).catch(asFiles));
  const clip = isChosen(video) ? await checkScaleVideo(video, e).catch(asFiles) : null;
  const stored = [];
  for (const photo of checked) stored.push(await storeScalePhoto(deps, photo, e));
  if (clip) await storeScaleVideo(deps, clip, e);
  const code = newFishCode();
  const d1 = deps.db.$client;
  await d1.batch([
    d1
      .prepare("INSERT INTO fish (code, landing_id, weight_grams, weighed_at, weighing, video_name, video_type, video_bytes) VALUES (?, ?, ?, ?, 1, ?, ?, ?)")
      .bind(code, landingId, grams, deps.now(), clip?.name ?? null, clip?.kind.type ?? null, clip?.bytes.length ?? null),
    ...stored.map(({ upload, variants }, position) =>
      d1
        .prepare(
          `INSERT INTO fish_photos (fish_id, weighing, name, content_type, bytes, width, height, variants, position)
           SELECT id, 1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 FROM fish WHERE code = ?1`,
        )
        .bind(code, upload.name, upload.kind.type, upload.bytes.length, upload.kind.width, upload.kind.height, variantsJson(variants), position),
    ),
  ]);
  return { code, message: format(m.weighed, { code, weight: weightText(grams) }) };
}

/** The fish weighed for auction lots (no order line), newest first, for the admin's lists and the auction form. */
export async function lotFish(deps: Pick<Deps, "db">, limit = 50) {
  return deps.db
    .select({
      id: fish.id,
      code: fish.code,
      weightGrams: fish.weightGrams,
      weighedAt: fish.weighedAt,
      place: landingPlaces.name,
      landedAt: landings.landedAt,
      auctionId: auctionFish.auctionId,
    })
    .from(fish)
    .innerJoin(landings, eq(landings.id, fish.landingId))
    .innerJoin(landingPlaces, eq(landingPlaces.id, landings.placeId))
    .leftJoin(auctionFish, eq(auctionFish.fishId, fish.id))
    .where(isNull(fish.orderItemId))
    .orderBy(desc(fish.weighedAt), desc(fish.id))
    .limit(limit);
}

/** Ties an auction lot to a fish weighed for it (none: `fishId` null unties it). Auction pages are cached, so they move on. */
export async function tieAuctionFish(deps: Pick<Deps, "db">, auctionId: number, fishId: number | null) {
  const d1 = deps.db.$client;
  if (fishId === null) {
    await d1.batch([d1.prepare("DELETE FROM auction_fish WHERE auction_id = ?").bind(auctionId), bumpCatalogueStatement(deps)]);
    return;
  }
  const [lot] = await deps.db.select({ id: fish.id }).from(fish).where(eq(fish.id, fishId)).limit(1);
  if (!lot) throw new InvalidInputError(e.fish);
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO auction_fish (auction_id, fish_id) SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM auctions WHERE id = ?1)
         ON CONFLICT (auction_id) DO UPDATE SET fish_id = excluded.fish_id`,
      )
      .bind(auctionId, fishId),
    bumpCatalogueStatement(deps),
  ]);
}

/** The code of the fish an auction lot is, or null. */
export async function auctionFishCode(deps: Pick<Deps, "db">, auctionId: number): Promise<string | null> {
  const [row] = await deps.db
    .select({ code: fish.code })
    .from(auctionFish)
    .innerJoin(fish, eq(fish.id, auctionFish.fishId))
    .where(eq(auctionFish.auctionId, auctionId))
    .limit(1);
  return row?.code ?? null;
}

/** What the weighing form offers: the recent landings (newest first) and each weighed line's fish (its code and landing). */
export async function weighingFormData(deps: Pick<Deps, "db">, orderId: number) {
  const [recent, weighed] = await Promise.all([
    recentLandings(deps, 20),
    deps.db.$client
      .prepare(
        "SELECT f.order_item_id AS itemId, f.code, f.landing_id AS landingId FROM fish f JOIN order_items i ON i.id = f.order_item_id WHERE i.order_id = ?",
      )
      .bind(orderId)
      .all<{ itemId: number; code: string; landingId: number }>(),
  ]);
  return {
    landings: recent.map((l) => ({ id: l.id, label: landingLabel(l) })),
    byItem: Object.fromEntries(weighed.results.map((f) => [f.itemId, { code: f.code, landingId: f.landingId }])) as Record<
      number,
      { code: string; landingId: number }
    >,
  };
}
