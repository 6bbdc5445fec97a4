import type { DomainError, KeyedText } from "~/lib/errors";
import { accountMessages } from "./account.messages";
import { addressMessages } from "./address.messages";
import { auctionLiveMessages } from "./auction-live.messages";
import { bidLogMessages } from "./bid-log.messages";
import { bidMessages } from "./bids.messages";
import { claimMessages } from "./claims.messages";
import { fishMessages } from "./fish.messages";
import { format } from "./format";
import { productName, type Lang } from "./lang";
import { en, type Messages } from "./messages";
import { payMessages } from "./pay.messages";
import { productPageMessages } from "./product-page.messages";
import { waitlistMessages } from "./waitlist.messages";
import { seasonMessages } from "./season.messages";
import * as teSeason from "./te/season.messages";
import * as teAccount from "./te/account.messages";
import * as teAddress from "./te/address.messages";
import * as teLive from "./te/auction-live.messages";
import * as teBidLog from "./te/bid-log.messages";
import * as teBids from "./te/bids.messages";
import * as teClaims from "./te/claims.messages";
import * as teFish from "./te/fish.messages";
import { te } from "./te/messages";
import * as tePay from "./te/pay.messages";
import * as teProductPage from "./te/product-page.messages";
import * as teWaitlist from "./te/waitlist.messages";
import type { Translation } from "./te/translation";

/** Each language's catalogue; `{product}` is still to be filled. */
const catalogues: Record<Lang, Messages> = { en, te };

function fill(value: unknown, product: string): unknown {
  if (typeof value === "string") return value.replaceAll("{product}", product);
  if (Array.isArray(value)) return value.map((v) => fill(v, product));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, product)]));
  }
  return value;
}

const cache = new Map<string, Messages>();

/** The catalogue in `lang` with `{product}` filled in. */
export function getMessages(product: string, lang: Lang = "en"): Messages {
  const key = `${lang}:${product}`;
  let messages = cache.get(key);
  if (!messages) {
    messages = fill(catalogues[lang], product) as Messages;
    cache.set(key, messages);
  }
  return messages;
}

/** The catalogue of this request's language, with the fish's name in that language. */
export function messagesFor(deps: { config: { product: string; productTe: string }; lang: Lang }): Messages {
  return getMessages(productName(deps.config, deps.lang), deps.lang);
}

const english = {
  account: accountMessages,
  address: addressMessages,
  bids: bidMessages,
  claims: claimMessages,
  fish: fishMessages,
  live: auctionLiveMessages,
  log: bidLogMessages,
  pay: payMessages,
  productPage: productPageMessages,
  season: seasonMessages,
  waitlist: waitlistMessages,
};

/**
 * The catalogues kept out of the root's (the server's account answers, saved addresses, claims, live bidding,
 * payments, the product page's, the waitlist's) in a language:
 * server code reads them here, and a page that shows some of them sends them with its own data.
 */
const sections: Record<Lang, Translation<typeof english>> = {
  en: english,
  te: {
    account: teAccount.accountMessages,
    address: teAddress.addressMessages,
    bids: teBids.bidMessages,
    claims: teClaims.claimMessages,
    fish: teFish.fishMessages,
    live: teLive.auctionLiveMessages,
    log: teBidLog.bidLogMessages,
    pay: tePay.payMessages,
    productPage: teProductPage.productPageMessages,
    season: teSeason.seasonMessages,
    waitlist: teWaitlist.waitlistMessages,
  },
};

export function sectionsFor(deps: { lang: Lang }) {
  return sections[deps.lang];
}

type Sections = typeof english;

/** Each text of a section (`{ badCredentials: ... }`) as a keyed text (`{ english, key: "account.badCredentials" }`). */
function keyedTexts<S extends keyof Sections>(section: S): { [K in keyof Sections[S]]: KeyedText } {
  const texts = english[section] as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(texts)
      .filter((entry): entry is [string, string] => typeof entry[1] === "string")
      .map(([name, text]) => [name, { english: text, key: `${section}.${name}` }]),
  ) as { [K in keyof Sections[S]]: KeyedText };
}

/**
 * The server's account answers, keyed: the account code throws them (shared by the pages and the English JSON
 * API), and a page shows each in its own language with `errorMessage`.
 */
export const accountTexts = keyedTexts("account");

/** A keyed text (`bids.minimum` with its values) in `deps.lang`, or null for a key the catalogues do not have. */
export function keyedMessage(key: string, values: Record<string, string> | null, deps: { lang: Lang }): string | null {
  const [section, name] = key.split(".");
  const text = (sections[deps.lang] as Record<string, Record<string, unknown> | undefined>)[section]?.[name];
  return typeof text === "string" ? format(text, values ?? {}) : null;
}

/** A refusal as the page in `deps.lang` shows it: a keyed text in that language, any other message as it was written. */
export function errorMessage(error: DomainError, deps: { lang: Lang }): string {
  return (error.key && keyedMessage(error.key, error.values, deps)) || error.message;
}
