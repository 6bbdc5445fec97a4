import { accountMessages } from "./account.messages";
import { auctionLiveMessages } from "./auction-live.messages";
import { productName, type Lang } from "./lang";
import { en, type Messages } from "./messages";
import { payMessages } from "./pay.messages";
import * as teAccount from "./te/account.messages";
import * as teLive from "./te/auction-live.messages";
import { te } from "./te/messages";
import * as tePay from "./te/pay.messages";
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

const english = { account: accountMessages, live: auctionLiveMessages, pay: payMessages };

/**
 * The catalogues kept out of the root's (the server's account answers, live bidding, payments) in a language:
 * server code reads them here, and a page that shows some of them sends them with its own data.
 */
const sections: Record<Lang, Translation<typeof english>> = {
  en: english,
  te: { account: teAccount.accountMessages, live: teLive.auctionLiveMessages, pay: tePay.payMessages },
};

export function sectionsFor(deps: { lang: Lang }) {
  return sections[deps.lang];
}
