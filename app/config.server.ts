import { z } from "zod";
import type { ContentContext } from "./content/types";
import { brandName, productName, type Lang } from "./i18n/lang";

const switchValue = z
  .enum(["on", "off"])
  .default("on")
  .transform((v) => v === "on");

/** Configuration comes only from the Worker's env, validated once per isolate. */
const configSchema = z.object({
  ENVIRONMENT: z.enum(["development", "production", "test"]).default("production"),
  PRODUCT_NAME: z.string().trim().min(1).default("Pulasa"),
  // The fish's name as Telugu pages write it.
  PRODUCT_NAME_TE: z.string().trim().min(1).default("పులస"),
  BRAND_NAME: z.string().trim().min(1).default("Godavari Pulasa"),
  // The store's name as Telugu pages, mails and text messages write it.
  BRAND_NAME_TE: z.string().trim().min(1).default("గోదావరి పులస"),
  SUPPORT_EMAIL: z.string().email(),
  SUPPORT_PHONE: z.string().min(10),
  WHATSAPP_NUMBER: z.string().min(10),
  SOCIAL_HANDLE: z.string().startsWith("@"),
  // The store's public address (https://…), for the links in e-mails sent outside a request: the scheduled job, an auction's close.
  SITE_URL: z.string().url().optional(),
  FEATURE_AUCTIONS: switchValue,
  DEFAULT_SLOT_CAPACITY: z.coerce.number().int().min(0).max(1000).default(20),
  // Hours a shopper has to accept a final price above their ceiling; no answer by then counts as a decline.
  PRICE_ANSWER_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  // Minutes a shopper served from a product's waitlist has to check out what is kept for them; then it passes on.
  WAITLIST_HOLD_MINUTES: z.coerce.number().int().min(1).max(1_440).default(30),
  SESSION_SECRET: z.string().min(32).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_CALLBACK_URL: z.string().url().optional(),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  // A sender number (+1…) or a Messaging Service's sid (MG…).
  TWILIO_FROM: z.string().min(1).optional(),
  // Twilio's WhatsApp sender (whatsapp:+1…): with it, every text message also goes by WhatsApp.
  TWILIO_WHATSAPP_FROM: z
    .string()
    .regex(/^whatsapp:\+\d{8,15}$/)
    .optional(),
  // Web Push's VAPID key pair (`npm run vapid-keys` makes one), base64url: the public key's 65 raw bytes (an
  // uncompressed P-256 point, so it starts with "B") and the private key's 32; and who the push services may
  // contact about the store's pushes (mailto: or https:).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/)
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/)
    .optional(),
  // Soft close: a bid this close to an auction's end moves the end to this long after the bid...
  AUCTION_SOFT_CLOSE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(120),
  // ...but never more than this long past the end the admin set.
  AUCTION_SOFT_CLOSE_CAP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(1_800),
  // Watchers and bidders of an auction are reminded once, this long before its end.
  AUCTION_REMINDER_MINUTES: z.coerce.number().int().min(1).max(1_440).default(10),
});

/** Only for local development and tests, where no secret is configured; production refuses to start without one. */
const DEVELOPMENT_SECRET = "local-development-only-secret-do-not-use-in-production";

export type AppConfig = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof configSchema>) {
  return {
    environment: env.ENVIRONMENT,
    isDevelopment: env.ENVIRONMENT === "development",
    product: env.PRODUCT_NAME,
    productTe: env.PRODUCT_NAME_TE,
    brand: env.BRAND_NAME,
    brandTe: env.BRAND_NAME_TE,
    supportEmail: env.SUPPORT_EMAIL,
    supportPhone: env.SUPPORT_PHONE,
    whatsapp: env.WHATSAPP_NUMBER,
    socialHandle: env.SOCIAL_HANDLE,
    /** The store's origin without a trailing slash, or null; a request's own origin is used where there is one. */
    siteUrl: env.SITE_URL ? new URL(env.SITE_URL).origin : null,
    features: { auctions: env.FEATURE_AUCTIONS },
    /** Orders a delivery slot takes on a date unless the admin set that date's capacity. */
    defaultSlotCapacity: env.DEFAULT_SLOT_CAPACITY,
    /** How long a shopper has to answer a final price above their ceiling (ms); no answer counts as a decline. */
    priceAnswerMs: env.PRICE_ANSWER_HOURS * 60 * 60_000,
    /** How long a waitlist hold keeps its share of the catch for its shopper (ms). */
    waitlistHoldMs: env.WAITLIST_HOLD_MINUTES * 60_000,
    sessionSecret: env.SESSION_SECRET ?? DEVELOPMENT_SECRET,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET && env.GOOGLE_CALLBACK_URL
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, callbackUrl: env.GOOGLE_CALLBACK_URL }
        : null,
    // All three or none: a key without its webhook secret could take money whose webhook we cannot verify.
    razorpay:
      env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET
        ? { keyId: env.RAZORPAY_KEY_ID, keySecret: env.RAZORPAY_KEY_SECRET, webhookSecret: env.RAZORPAY_WEBHOOK_SECRET }
        : null,
    // All three or none: the store's text messages go through Twilio only when it can both sign in and send from a sender.
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM }
        : null,
    // Twilio's WhatsApp sender, with the account's keys: the customer's messages go by WhatsApp too.
    whatsappSender:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_WHATSAPP_FROM
        ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_WHATSAPP_FROM }
        : null,
    // All three or none: a push is signed with the private key, names the public one and says whom to contact.
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
        : null,
    softClose: { windowMs: env.AUCTION_SOFT_CLOSE_SECONDS * 1_000, capMs: env.AUCTION_SOFT_CLOSE_CAP_SECONDS * 1_000 },
    auctionReminderMs: env.AUCTION_REMINDER_MINUTES * 60_000,
  };
}

const cache = new WeakMap<object, AppConfig>();

export function getConfig(env: object): AppConfig {
  const hit = cache.get(env);
  if (hit) return hit;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join(".")).join(", ");
    throw new Error(`Invalid configuration in the Worker env: ${fields}`);
  }
  if (parsed.data.ENVIRONMENT === "production" && !parsed.data.SESSION_SECRET) {
    throw new Error("Invalid configuration in the Worker env: SESSION_SECRET is required in production");
  }
  if (parsed.data.AUCTION_SOFT_CLOSE_CAP_SECONDS < parsed.data.AUCTION_SOFT_CLOSE_SECONDS) {
    throw new Error("Invalid configuration in the Worker env: AUCTION_SOFT_CLOSE_CAP_SECONDS is shorter than AUCTION_SOFT_CLOSE_SECONDS");
  }
  const config = toConfig(parsed.data);
  cache.set(env, config);
  return config;
}

export function contentContext(config: AppConfig, lang: Lang = "en"): ContentContext {
  const { supportEmail, supportPhone, whatsapp, socialHandle } = config;
  return { product: productName(config, lang), brand: brandName(config, lang), supportEmail, supportPhone, whatsapp, socialHandle };
}
