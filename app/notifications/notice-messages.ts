import { adminMessages } from "~/i18n/admin.messages";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { claimMessages } from "~/i18n/claims.messages";
import type { Lang } from "~/i18n/lang";
import { auctionNoticeMessages } from "~/i18n/notices.messages";
import { payMessages } from "~/i18n/pay.messages";
import * as teAdmin from "~/i18n/te/admin.messages";
import * as teCheckout from "~/i18n/te/checkout.messages";
import * as teClaims from "~/i18n/te/claims.messages";
import * as teNotices from "~/i18n/te/notices.messages";
import * as tePay from "~/i18n/te/pay.messages";
import type { Translation } from "~/i18n/te/translation";
import * as teWaitlist from "~/i18n/te/waitlist.messages";
import { waitlistMessages } from "~/i18n/waitlist.messages";
import { seasonMessages } from "~/i18n/season.messages";
import * as teSeason from "~/i18n/te/season.messages";

const english = {
  /** Notices about an order: its status, weighing, the balance, refunds, a moved delivery. */
  customer: adminMessages.customer,
  /** The status labels and sentences the order pages show, which a status notice repeats. */
  status: checkoutMessages.status,
  /** The receipt, a paid balance, a payment refunded because nothing was due. */
  pay: payMessages,
  /** A claim's outcome, and the kinds of problem it names. */
  claims: claimMessages,
  auction: auctionNoticeMessages,
  /** A waitlist hold: whose turn it is, and the link to check out. */
  waitlist: waitlistMessages,
  /** A season pre-booking filled from the queue. */
  season: seasonMessages,
};

export type NoticeMessages = Translation<typeof english>;

/**
 * Every text a notice to a customer is written from, in one language. A notice is composed in its recipient's
 * language (the account's) when it is written: the bell keeps it as text, so it cannot change language later.
 */
const bundles: Record<Lang, NoticeMessages> = {
  en: english,
  te: {
    customer: teAdmin.adminMessages.customer,
    status: teCheckout.checkoutMessages.status,
    pay: tePay.payMessages,
    claims: teClaims.claimMessages,
    auction: teNotices.auctionNoticeMessages,
    waitlist: teWaitlist.waitlistMessages,
    season: teSeason.seasonMessages,
  },
};

export function noticeMessages(lang: Lang): NoticeMessages {
  return bundles[lang];
}
