import { env } from "cloudflare:workers";
import { beforeEach } from "vitest";
import { setUpAdminWorld } from "./admin";
import { jpegOfSize } from "./images";
import { one } from "./sql";

/**
 * The fish-on-the-scale tests' world: the admin world with a photos bucket (the test pool binds the auction
 * Worker's, which stands in for the product photos), no landings or fish left from the test before, a landing at
 * Yanam to weigh against, a phone photo, and a refusal's text.
 */
export function setUpFishWorld() {
  const w = setUpAdminWorld();
  const photos = (env as unknown as { AUCTION_IMAGES: R2Bucket }).AUCTION_IMAGES;
  w.deps.photos = photos;
  beforeEach(async () => {
    await env.DB.batch(["auction_fish", "fish_photos", "fish", "landings"].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
  });
  return {
    w,
    photos,
    withPhotos: { photos },
    /** A landing at Yanam `hoursAgo` hours ago, as the admin records it. */
    async landing(hoursAgo = 1) {
      const place = await one<{ id: number }>("SELECT id FROM landing_places WHERE name = 'Yanam'");
      return (
        await one<{ id: number }>(
          "INSERT INTO landings (place_id, landed_at, boat) VALUES (?, ?, 'Boat of Satyanarayana') RETURNING id",
          place.id,
          Date.now() - hoursAgo * 3_600_000,
        )
      ).id;
    },
    photo: (name = "IMG_0001.jpg", bytes: Uint8Array<ArrayBuffer> = jpegOfSize(2000, crypto.randomUUID())) => new File([bytes], name),
    errorOf: (answer: Response | { status: number; body?: unknown }) => (answer as { body: { error: string } }).body.error,
  };
}
