import { eq } from "drizzle-orm";
import { listAddresses, toAddressView } from "~/addresses/addresses.server";
import type { ProductCardData } from "~/catalog/catalog.server";
import { quantityText } from "~/catalog/units";
import { products, type User } from "~/db/schema";
import type { Deps } from "~/deps";
import { formatDeliveryDate, istDate } from "~/delivery/slots";
import { format } from "~/i18n/format";
import { inLang, localePath } from "~/i18n/lang";
import { messagesFor, sectionsFor } from "~/i18n/texts";
import { shippingDefaults } from "~/orders/checkout.server";
import { gatewaySecrets } from "~/payments/gateway.server";
import { seasonOpen } from "./rules";
import type { SeasonCardData } from "./season-card";
import type { SeasonFormFacts } from "./schema";

/** The product page's season card, in the page's language; null while pre-booking is closed. */
export function seasonCard(deps: Pick<Deps, "lang">, product: Pick<ProductCardData, "slug" | "seasonUntil">): SeasonCardData | null {
  if (!product.seasonUntil) return null;
  const s = sectionsFor(deps).season;
  return {
    heading: s.heading,
    intro: s.intro,
    openUntil: format(s.openUntil, { date: formatDeliveryDate(product.seasonUntil, deps.lang) }),
    book: s.book,
    href: localePath(deps.lang, `/season/${product.slug}`),
  };
}

/** A product that can be pre-booked now, by its page address; null: unknown, hidden, or its season is not open. */
export async function bookableProduct(deps: Pick<Deps, "db" | "now">, slug: string | undefined) {
  if (!slug || !/^[a-z0-9-]{1,60}$/.test(slug)) return null;
  const [product] = await deps.db.select().from(products).where(eq(products.slug, slug)).limit(1);
  return product && seasonOpen(product, deps.now()) ? product : null;
}

type Bookable = NonNullable<Awaited<ReturnType<typeof bookableProduct>>>;

/** What the booking form checks, the same on the server and in the browser. */
export function formFacts(deps: Pick<Deps, "lang" | "now">, product: Bookable): SeasonFormFacts {
  return {
    product: { name: inLang(product.name, product.nameTe, deps.lang), unit: product.unit, minQty: product.minQty, maxQty: product.maxQty },
    today: istDate(deps.now()),
    seasonUntil: product.seasonUntil,
  };
}

/** The booking page's data: the product, the form's facts and texts, the shopper's address book. */
export async function bookingPage(deps: Pick<Deps, "db" | "config" | "lang" | "now">, user: User, product: Bookable) {
  const s = sectionsFor(deps).season;
  const lang = deps.lang;
  const facts = formFacts(deps, product);
  const qty = (q: number) => quantityText(q, product.unit, lang);
  return {
    words: s,
    title: format(s.title, { name: facts.product.name }),
    product: { slug: product.slug, pricePaise: product.pricePaise, unit: product.unit, minQty: product.minQty, maxQty: product.maxQty },
    facts,
    quantityHint: format(s.quantityHint, { min: qty(product.minQty), max: qty(product.maxQty) }),
    latestHint: format(s.latestHint, { date: formatDeliveryDate(product.seasonUntil, lang) }),
    defaults: shippingDefaults(user),
    addresses: (await listAddresses(deps, user.id)).map((a) => toAddressView(a, messagesFor(deps).shop.states)),
    addressTexts: { choiceLegend: sectionsFor(deps).address.choiceLegend, newAddress: sectionsFor(deps).address.newAddress },
    paymentAvailable: gatewaySecrets(deps.config) !== null,
  };
}
