import { eq } from "drizzle-orm";
import { z } from "zod";
import { notifications, orders, users } from "~/db/schema";
import type { Deps } from "~/deps";
import { formatDelivery, type DeliverySlot } from "~/delivery/slots";
import { format, sentences } from "~/i18n/format";
import { localePath, type Lang } from "~/i18n/lang";
import { InvalidInputError } from "~/lib/errors";
import { noticeLinkTexts, noticeMail, type Reader } from "~/mail/mail.server";
import { noticeMessages, type NoticeMessages } from "./notice-messages";
import { ORDER_STATUS } from "~/orders/status";
import { deliverPushes, queuePush } from "~/push/outbox.server";

/**
 * `origin` (a request's) makes the e-mail's links; without one, the configured `SITE_URL`. A push is sent after
 * the response where the request allows it (`afterResponse`), through `fetch`.
 */
export type NoticeDeps = Pick<Deps, "db" | "config" | "mailer" | "fetch" | "now" | "afterResponse"> & Partial<Pick<Deps, "origin">>;

/**
 * What a notice says. `emailLine` is said in the e-mail only: a plain-text mail has no button, so a payment link
 * is written out there, while the bell leads to the order page and its 'Pay balance' button.
 */
export type NoticeText = { title: string; message: string; emailLine?: string };

/** A customer's notice, composed from the recipient's messages in their language (the account's). */
export type ComposeNotice = (m: NoticeMessages, lang: Lang) => NoticeText;

export type NotificationInput = {
  userId: number;
  /** order_placed | order_status_update | order_weighed | balance_requested | balance_paid | refund | outbid | auction_won | auction_ended | auction_cancelled | note */
  type: string;
  /** Fixed words (an admin's own note, the admins' notices), or words composed in the recipient's language. */
  words: NoticeText | ComposeNotice;
  orderId?: number | null;
  orderNumber?: string | null;
  auctionId?: number | null;
  /** The order's status the notice tells of (a status notice is pushed only for some). */
  orderStatus?: string | null;
  /** The page a notice about neither an order nor an auction leads to (an English path), e.g. a waitlist hold's. */
  page?: string | null;
};

/** `email: false` stores a notice without mailing or pushing it; `lang` writes it in that language whatever the recipient's. */
export type NoticeOptions = { email?: boolean; lang?: Lang };

type NoticeReader = Reader & { isAdmin: boolean };

async function findReader(deps: Pick<Deps, "db">, userId: number): Promise<NoticeReader | null> {
  const [reader] = await deps.db
    .select({ email: users.email, name: users.name, lang: users.lang, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return reader ?? null;
}

/** What a notice is about: its order (by number) or its auction. */
type NoticeSubject = { orderNumber?: string | null; auctionId?: number | null };

/**
 * The e-mail's line leading to the notice's order or auction, as the bell does: an admin to the order in the
 * dashboard, a customer to their order (or the auction) in their language. Null for a notice about neither, or
 * when the store's address is unknown (no request and no SITE_URL).
 */
export function noticeLinkLine(deps: NoticeDeps, reader: NoticeReader, subject: NoticeSubject): string | null {
  const base = deps.origin || deps.config.siteUrl;
  if (!base) return null;
  const t = noticeLinkTexts(reader.lang);
  if (subject.orderNumber) {
    if (reader.isAdmin) return format(t.adminOrder, { url: `${base}/admin-dashboard/orders/${subject.orderNumber}` });
    return format(t.order, { url: `${base}${localePath(reader.lang, `/orders/${subject.orderNumber}`)}` });
  }
  if (subject.auctionId) return format(t.auction, { url: `${base}${localePath(reader.lang, `/auctions/${subject.auctionId}`)}` });
  return null;
}

const compose = (words: NoticeText | ComposeNotice, lang: Lang): NoticeText => (typeof words === "function" ? words(noticeMessages(lang), lang) : words);

/** Mails a notice (its e-mail line, then the link to its order or auction, after the message); false when it could not be sent. */
async function mailNotice(deps: NoticeDeps, reader: NoticeReader, text: NoticeText, subject: NoticeSubject): Promise<boolean> {
  try {
    const message = [text.message, text.emailLine, noticeLinkLine(deps, reader, subject)].filter(Boolean).join("\n\n");
    await deps.mailer.send(noticeMail(deps.config, reader, { title: text.title, message }));
    return true;
  } catch (error) {
    console.error("notification e-mail failed", error);
    return false;
  }
}

/** The news a customer's devices are pushed, by notice type: an order's status only when it leaves or arrives. */
const PUSHED_TYPES: ReadonlySet<string> = new Set(["order_weighed", "outbid", "auction_reminder", "auction_won", "auction_offer", "waitlist_hold"]);
const PUSHED_STATUSES: ReadonlySet<string> = new Set([ORDER_STATUS.order_shipped, ORDER_STATUS.order_delivered]);

type PushedNotice = Pick<NotificationInput, "userId" | "type" | "words" | "orderId" | "orderNumber" | "auctionId" | "orderStatus" | "page">;

/**
 * The page a pushed notice opens and its tag (a newer push with the same tag replaces the older one on the
 * device): its order (an auction's won lot too, whose order page has the pay button), else its auction, else its
 * own page. An auction's pushes share one tag, so the lot won replaces the outbid and ending-soon news.
 */
function pushPage(notice: PushedNotice): { path: string; tag: string } | null {
  const tag = notice.auctionId ? `auction-${notice.auctionId}` : null;
  if (notice.orderNumber) return { path: `/orders/${notice.orderNumber}`, tag: tag ?? `order-${notice.orderNumber}` };
  if (notice.auctionId) return { path: `/auctions/${notice.auctionId}`, tag: tag! };
  if (notice.page) return { path: notice.page, tag: notice.page.replace(/^\//, "").replace(/\//g, "-") };
  return null;
}

/**
 * A customer's notice of the news that is pushed (PUSHED_TYPES) also goes to each of their devices, each in the
 * device's own language (the page it subscribed on) and opening the notice's page in it; admins are never pushed.
 * The pushes are written first, then sent after the response: the action that told the news neither waits for
 * them nor fails with them, and what fails is retried by the scheduled job.
 */
async function pushNotice(deps: NoticeDeps, reader: NoticeReader, notice: PushedNotice): Promise<void> {
  if (reader.isAdmin) return;
  const pushed = notice.type === "order_status_update" ? PUSHED_STATUSES.has(notice.orderStatus ?? "") : PUSHED_TYPES.has(notice.type);
  const page = pushed ? pushPage(notice) : null;
  if (!page) return;
  try {
    const ids = await queuePush(
      deps,
      {
        userId: notice.userId,
        kind: notice.type,
        orderId: notice.orderId,
        auctionId: notice.auctionId,
        ...page,
        text: (lang) => {
          const text = compose(notice.words, lang);
          return { title: text.title, body: text.message };
        },
      },
      deps.now(),
    );
    if (ids.length > 0) await deps.afterResponse(() => deliverPushes(deps, ids));
  } catch (error) {
    console.error("notification push failed", error);
  }
}

/**
 * The one way a customer is told something: stored for the bell (in-app) and e-mailed through the mail
 * module, both in the recipient's language, and the news that is pushed to each of their devices. The in-app row
 * is written first and always; `emailed` says whether the e-mail went out, so a caller can say '(Notification
 * failed to send)'. `email: false` stores it without mailing or pushing (rate-limited notices such as repeated
 * outbids).
 */
export async function notify(deps: NoticeDeps, input: NotificationInput, options: NoticeOptions = {}): Promise<{ id: number; emailed: boolean }> {
  const reader = await findReader(deps, input.userId);
  const lang = options.lang ?? reader?.lang ?? "en";
  const text = compose(input.words, lang);
  const [row] = await deps.db
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      title: text.title,
      message: text.message,
      orderId: input.orderId ?? null,
      orderNumber: input.orderNumber ?? null,
      auctionId: input.auctionId ?? null,
    })
    .returning({ id: notifications.id });
  if (options.email === false || !reader) return { id: row.id, emailed: false };
  const emailed = await mailNotice(deps, { ...reader, lang }, text, input);
  await pushNotice(deps, reader, input);
  return { id: row.id, emailed };
}

/**
 * The e-mail and push half of `notify`, for a notice already stored (one written in the same batch as what it
 * tells about, in the recipient's language): `words` composes it again in each device's language for its push.
 * Never throws: false when the e-mail could not be sent; the stored notice stands either way.
 */
export async function emailNotice(
  deps: NoticeDeps,
  notice: { userId: number; type: string; words: ComposeNotice; orderId?: number | null } & NoticeSubject & NoticeText,
): Promise<boolean> {
  try {
    const reader = await findReader(deps, notice.userId);
    if (!reader) return false;
    const emailed = await mailNotice(deps, reader, notice, notice);
    await pushNotice(deps, reader, notice);
    return emailed;
  } catch (error) {
    console.error("notification e-mail failed", error);
    return false;
  }
}

/** An order as a notice about it needs it: whose, which, and (a shop order) its delivery date and slot. */
export type NoticeOrder = {
  id: number;
  userId: number;
  number: string;
  status?: string;
  deliveryDate?: string | null;
  deliverySlot?: DeliverySlot | null;
};

/** The sentence that names an order's delivery date and slot (that it is called off, once cancelled); null without one. */
export function deliverySentence(order: Pick<NoticeOrder, "status" | "deliveryDate" | "deliverySlot">, lang: Lang = "en"): string | null {
  if (!order.deliveryDate || !order.deliverySlot) return null;
  const m = noticeMessages(lang).customer;
  const when = formatDelivery(order.deliveryDate, order.deliverySlot, lang);
  return format(order.status === ORDER_STATUS.order_cancelled ? m.deliveryCancelled : m.delivery, { when });
}

/**
 * A notice about one order, to the customer who placed it (linked to the order in the bell), composed in their
 * language. Every one names the order's delivery date and slot, so the customer never has to look up when the
 * fish comes; `delivery: false` for a notice whose own text already names them (a moved delivery).
 */
export function notifyCustomer(
  deps: NoticeDeps,
  order: NoticeOrder,
  notice: { type: string; words: ComposeNotice },
  options: Omit<NoticeOptions, "lang"> & { delivery?: boolean } = {},
) {
  const { delivery = true, ...rest } = options;
  const words: ComposeNotice = (m, lang) => {
    const text = notice.words(m, lang);
    const sentence = delivery ? deliverySentence(order, lang) : null;
    return sentence ? { ...text, message: sentences(text.message, sentence) } : text;
  };
  return notify(
    deps,
    { type: notice.type, words, userId: order.userId, orderId: order.id, orderNumber: order.number, orderStatus: order.status ?? null },
    rest,
  );
}

/** A notice to every admin (money the store refunded on its own, say), in the bell and by e-mail, in English. */
export async function notifyAdmins(deps: NoticeDeps, notice: Omit<NotificationInput, "userId" | "words"> & { title: string; message: string }) {
  const { title, message, ...facts } = notice;
  const admins = await deps.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
  for (const admin of admins) await notify(deps, { ...facts, words: { title, message }, userId: admin.id }, { lang: "en" });
}

export const noteSchema = z.object({
  userId: z.number().int().positive(),
  type: z.string().trim().min(1).max(40).default("note"),
  title: z.string().trim().min(1).max(120),
  message: z.string().trim().min(1).max(1000),
  orderId: z.number().int().positive().optional(),
  orderNumber: z.string().max(20).optional(),
});

/** An admin's note to a customer, about one of their orders if it names one (another customer's order is refused). */
export async function sendNote(deps: NoticeDeps, input: z.infer<typeof noteSchema>) {
  const [customer] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!customer) throw new InvalidInputError("Unknown user");
  let orderNumber: string | null = null;
  if (input.orderId !== undefined) {
    const [order] = await deps.db.select({ number: orders.number, userId: orders.userId }).from(orders).where(eq(orders.id, input.orderId)).limit(1);
    if (!order || order.userId !== input.userId) throw new InvalidInputError("Unknown order for this user");
    orderNumber = order.number;
  }
  const { title, message, ...facts } = input;
  return notify(deps, { ...facts, words: { title, message }, orderNumber });
}
