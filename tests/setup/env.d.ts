import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      AUCTION_ROOM: DurableObjectNamespace<import("../../workers/auction/src/auction-room").AuctionRoom>;
      AUCTION_IMAGES: R2Bucket;
    }
  }
}
