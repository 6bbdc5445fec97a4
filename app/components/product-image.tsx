import type { ProductCardData } from "~/catalog/catalog.server";
import { Picture } from "~/components/picture";
import { textLang } from "~/i18n/lang";

/**
 * A product's main uploaded photo (its size known, so nothing shifts), or its bundled picture. The photo's alt
 * text is admin-entered in English, the bundled picture's the product's name (Telugu where it has one): each
 * says its language, so a Telugu page's screen reader reads English words as English.
 */
export function ProductImage({
  product,
  sizes,
  className,
  priority = false,
}: {
  product: ProductCardData;
  sizes: string;
  className: string;
  priority?: boolean;
}) {
  const photo = product.photo;
  if (!photo)
    return (
      <Picture name={product.image} alt={product.name} lang={textLang(product.name)} kind="card" sizes={sizes} className={className} priority={priority} />
    );
  return (
    <img
      src={photo.url}
      alt={photo.alt}
      lang={textLang(photo.alt)}
      width={photo.width}
      height={photo.height}
      className={className}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      {...(priority ? { fetchpriority: "high" } : {})}
    />
  );
}
