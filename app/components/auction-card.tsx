import { PRODUCT_IMAGES } from "~/catalog/product-images";
import { imageLoading, Picture } from "~/components/picture";
import { mediaUrl } from "~/lib/media";
import { textLang } from "~/i18n/lang";
import { isOpen, type Auction } from "~/auctions/auction";
import { useMessages } from "~/web/site";

export function StatusBadge({ auction, now }: { auction: Auction; now: number }) {
  const m = useMessages().auctions;
  const open = isOpen(auction, now);
  return (
    <span className={`badge ${open ? "bg-emerald-700 text-white" : "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100"}`}>
      {open ? m.active : m.ended}
    </span>
  );
}

/** A bundled card picture as the admin's form stores it (its 480 px WebP): the name, for all its sizes. */
function bundledPicture(url: string): string | undefined {
  return PRODUCT_IMAGES.find((name) => mediaUrl(name, 480, "webp") === url);
}

/**
 * An auction's picture, described by the title the page shows: a bundled one in AVIF and WebP at the size the
 * screen needs, an upload as it was stored, or the placeholder.
 */
export function AuctionImage({ image, title, className, sizes }: { image: string | null; title: string; className: string; sizes: string }) {
  const m = useMessages().auctions;
  const loading = imageLoading(false);
  const bundled = image && bundledPicture(image);
  if (bundled) return <Picture name={bundled} alt={title} lang={textLang(title)} kind="card" sizes={sizes} className={className} />;
  return image ? (
    <img src={image} alt={title} lang={textLang(title)} width={480} height={360} className={className} {...loading} />
  ) : (
    <img
      src="/media/auction-placeholder.svg"
      alt={m.placeholderAlt}
      width={480}
      height={360}
      className={`${className} dark:hue-rotate-180 dark:invert`}
      {...loading}
    />
  );
}
