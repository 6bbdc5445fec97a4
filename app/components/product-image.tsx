import type { ProductCardData } from "~/catalog/catalog.server";
import type { PhotoView } from "~/catalog/photos";
import { imageLoading, Picture } from "~/components/picture";
import { textLang } from "~/i18n/lang";

type Sizing = { sizes: string; className: string; priority?: boolean };

/**
 * An uploaded photo: its AVIF and WebP copies as `<source srcset sizes>` and its uploaded file as the `<img>`
 * (what a browser without either format shows, and a photo without copies is), with the photo's size, so nothing
 * shifts. Its alt text is admin-entered in English, marked so, so a Telugu page's screen reader reads it as English.
 */
export function PhotoPicture({ photo, sizes, className, priority = false }: Sizing & { photo: PhotoView }) {
  return (
    <picture>
      {photo.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={photo.url}
        alt={photo.alt}
        lang={textLang(photo.alt)}
        width={photo.width}
        height={photo.height}
        className={className}
        {...imageLoading(priority)}
      />
    </picture>
  );
}

/** A product's main uploaded photo, or its bundled picture (alt: the product's name, Telugu where it has one). */
export function ProductImage({ product, sizes, className, priority = false }: Sizing & { product: ProductCardData }) {
  const photo = product.photo;
  if (!photo)
    return (
      <Picture name={product.image} alt={product.name} lang={textLang(product.name)} kind="card" sizes={sizes} className={className} priority={priority} />
    );
  return <PhotoPicture photo={photo} sizes={sizes} className={className} priority={priority} />;
}
