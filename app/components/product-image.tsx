import type { ProductCardData } from "~/catalog/catalog.server";
import { Picture } from "~/components/picture";

/** A product's main uploaded photo (its size known, so nothing shifts), or its bundled picture. */
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
  if (!photo) return <Picture name={product.image} alt={product.name} kind="card" sizes={sizes} className={className} priority={priority} />;
  return (
    <img
      src={photo.url}
      alt={photo.alt}
      width={photo.width}
      height={photo.height}
      className={className}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      {...(priority ? { fetchpriority: "high" } : {})}
    />
  );
}
