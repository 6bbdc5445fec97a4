import { format } from "~/i18n/format";
import { localePath, type Lang } from "~/i18n/lang";
import { messagingMessages as english } from "~/i18n/messaging.messages";
import { messagingMessages as telugu } from "~/i18n/te/messaging.messages";
import { smsRupees } from "./weighed";

/**
 * The SMS to a bidder who asked to be texted when outbid, in their language: the lot, the bid now and, where the
 * store knows its address, the auction's page in that language.
 */
export function outbidText(input: { brand: string; title: string; pricePaise: number; auctionId: number; base: string | null }, lang: Lang): string {
  const m = lang === "te" ? telugu : english;
  const values = { brand: input.brand, title: input.title, price: smsRupees(input.pricePaise, lang) };
  if (!input.base) return format(m.outbidNoLink, values);
  return format(m.outbid, { ...values, url: `${input.base}${localePath(lang, `/auctions/${input.auctionId}`)}` });
}
