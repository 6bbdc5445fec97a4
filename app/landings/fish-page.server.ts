import { photoView, parseVariants, type PhotoView } from "~/catalog/photos";
import { weightText } from "~/catalog/units";
import type { Deps } from "~/deps";
import { sectionsFor } from "~/i18n/texts";
import { format } from "~/i18n/format";
import { inLang, type Lang } from "~/i18n/lang";
import { formatDateTimeIst } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { FISH_CODE_PATTERN, hoursToDoor } from "./rules";
import { ORDER_STATUS } from "~/orders/status";

/**
 * What the public learns of one fish: where and when it landed, its weight and photos on the scale, and, once its
 * order is delivered, the hours from the landing to the door and the town. Never a person (customer, boat or fisher)
 * and never an address.
 */
type FishRow = {
  id: number;
  code: string;
  weightGrams: number;
  weighedAt: number;
  weighing: number;
  videoName: string | null;
  videoType: string | null;
  landedAt: number;
  place: string;
  placeTe: string;
  landingPhoto: string | null;
  landingWidth: number | null;
  landingHeight: number | null;
  landingVariants: string | null;
  status: string | null;
  city: string | null;
  deliveredAt: number | null;
};
type PhotoRow = { fishId: number; name: string; width: number; height: number; variants: string };

const FISH_SELECT = `SELECT f.id, f.order_item_id AS itemId, f.code, f.weight_grams AS weightGrams, f.weighed_at AS weighedAt, f.weighing, f.video_name AS videoName,
    f.video_type AS videoType, l.landed_at AS landedAt, p.name AS place, p.name_te AS placeTe, l.photo_name AS landingPhoto,
    l.photo_width AS landingWidth, l.photo_height AS landingHeight, l.photo_variants AS landingVariants, o.status, o.city,
    (SELECT max(e.created_at) FROM order_events e WHERE e.order_id = o.id AND e.kind = 'status' AND e.to_value = 'order_delivered') AS deliveredAt
  FROM fish f JOIN landings l ON l.id = f.landing_id JOIN landing_places p ON p.id = l.place_id
  LEFT JOIN order_items i ON i.id = f.order_item_id LEFT JOIN orders o ON o.id = i.order_id`;
const PHOTOS_SELECT = `SELECT ph.fish_id AS fishId, ph.name, ph.width, ph.height, ph.variants FROM fish_photos ph JOIN fish f ON f.id = ph.fish_id AND ph.weighing = f.weighing`;

export type FishView = {
  code: string;
  place: string;
  landed: string;
  landedAt: number;
  weight: string;
  weighed: string;
  photos: PhotoView[];
  video: { url: string; type: string } | null;
  landingPhoto: PhotoView | null;
  hours: string | null;
  city: string | null;
};

function toView(row: FishRow, photos: PhotoRow[], lang: Lang): FishView {
  const t = sectionsFor({ lang }).fish.page;
  const weight = weightText(row.weightGrams, lang);
  const delivered = row.status === ORDER_STATUS.order_delivered ? row.deliveredAt : null;
  const hours = hoursToDoor(row.landedAt, delivered);
  const place = inLang(row.place, row.placeTe, lang);
  return {
    code: row.code,
    place,
    landed: formatDateTimeIst(row.landedAt, lang),
    landedAt: row.landedAt,
    weight,
    weighed: formatDateTimeIst(row.weighedAt, lang),
    photos: photos
      .filter((p) => p.fishId === row.id)
      .map((p) =>
        photoView({ name: p.name, width: p.width, height: p.height, alt: format(t.photoAlt, { code: row.code, weight }) }, parseVariants(p.variants)),
      ),
    video: row.videoName && row.videoType ? { url: `/fish/${row.code}/video`, type: row.videoType } : null,
    landingPhoto:
      row.landingPhoto && row.landingWidth && row.landingHeight
        ? photoView(
            { name: row.landingPhoto, width: row.landingWidth, height: row.landingHeight, alt: `${t.landingPhoto}: ${place}` },
            parseVariants(row.landingVariants),
          )
        : null,
    hours: hours === null ? null : hours === 1 ? t.hour : format(t.hours, { n: hours }),
    // The town only, and only once the fish has reached it.
    city: delivered !== null && row.city ? row.city : null,
  };
}

/** The public view of the fish `code`, or null for a code that is not one (the page answers the usual 404). */
export async function findFish(deps: Pick<Deps, "db">, code: string, lang: Lang): Promise<FishView | null> {
  if (!FISH_CODE_PATTERN.test(code)) return null;
  const d1 = deps.db.$client;
  const [fishRows, photoRows] = await d1.batch([
    d1.prepare(`${FISH_SELECT} WHERE f.code = ?`).bind(code),
    d1.prepare(`${PHOTOS_SELECT} WHERE f.code = ? ORDER BY ph.position`).bind(code),
  ]);
  const row = fishRows.results[0] as FishRow | undefined;
  return row ? toView(row, photoRows.results as PhotoRow[], lang) : null;
}

/** The fish of an order's lines (by line id), as its page shows them. */
export async function orderFish(deps: Pick<Deps, "db">, orderId: number, lang: Lang): Promise<Map<number, FishView>> {
  const d1 = deps.db.$client;
  const [fishRows, photoRows] = await d1.batch([
    d1.prepare(`${FISH_SELECT} WHERE i.order_id = ?`).bind(orderId),
    d1.prepare(`${PHOTOS_SELECT} JOIN order_items i ON i.id = f.order_item_id WHERE i.order_id = ? ORDER BY ph.fish_id, ph.position`).bind(orderId),
  ]);
  const photos = photoRows.results as PhotoRow[];
  return new Map((fishRows.results as (FishRow & { itemId: number })[]).map((r) => [r.itemId, toView(r, photos, lang)]));
}

/** The codes of the fish of each order (by order number), for the packing list. */
export async function fishCodesByOrder(deps: Pick<Deps, "db">, numbers: string[]): Promise<Record<string, string[]>> {
  if (!numbers.length) return {};
  const { results } = await deps.db.$client
    .prepare(
      `SELECT o.number, f.code FROM fish f JOIN order_items i ON i.id = f.order_item_id JOIN orders o ON o.id = i.order_id
       WHERE o.number IN (SELECT value FROM json_each(?)) ORDER BY f.id`,
    )
    .bind(JSON.stringify(numbers))
    .all<{ number: string; code: string }>();
  const codes: Record<string, string[]> = {};
  for (const r of results) (codes[r.number] ??= []).push(r.code);
  return codes;
}

/** The fish `code`'s weighing video, if it has one. */
export async function findFishVideo(deps: Pick<Deps, "db">, code: string) {
  if (!FISH_CODE_PATTERN.test(code)) return null;
  return deps.db.$client
    .prepare("SELECT video_name AS name, video_type AS type, video_bytes AS bytes FROM fish WHERE code = ? AND video_name IS NOT NULL")
    .bind(code)
    .first<{ name: string; type: string; bytes: number }>();
}

/** An order's fish as its page shows them (null when none was weighed with photos): each line's fish, the final price and the balance. */
export async function orderFishData(
  deps: Pick<Deps, "db">,
  order: {
    id: number;
    finalTotalPaise: number | null;
    items: { id: number; name: string; nameTe: string | null; pricePaise: number; finalPaise: number | null }[];
  },
  card: { duePaise: number; advancePaidPaise: number },
  lang: Lang,
) {
  const found = await orderFish(deps, order.id, lang);
  if (found.size === 0) return null;
  const words = sectionsFor({ lang }).fish.order;
  const fish = order.items.flatMap((item) => {
    const f = found.get(item.id);
    if (!f) return [];
    return [
      {
        code: f.code,
        name: inLang(item.name, item.nameTe, lang),
        weight: f.weight,
        perKg: formatRupees(item.pricePaise),
        final: item.finalPaise === null ? null : formatRupees(item.finalPaise),
        place: f.place,
        landed: f.landed,
        photos: f.photos,
      },
    ];
  });
  const final = order.finalTotalPaise;
  const below = final !== null && final < card.advancePaidPaise;
  return {
    words,
    fish,
    final: final === null ? null : formatRupees(final),
    // The figure every page shows: what is still due from the ledger, or the difference refunded when the fish came in below the advance.
    balance:
      final === null
        ? null
        : below
          ? { label: words.belowAdvance, amount: formatRupees(card.advancePaidPaise - final) }
          : { label: words.balance, amount: formatRupees(card.duePaise) },
  };
}
