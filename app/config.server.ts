import { z } from "zod";
import type { ContentContext } from "./content/types";

const switchValue = z
  .enum(["on", "off"])
  .default("on")
  .transform((v) => v === "on");

/** Configuration comes only from the Worker's env, validated once per isolate. */
const configSchema = z.object({
  ENVIRONMENT: z.enum(["development", "production", "test"]).default("production"),
  PRODUCT_NAME: z.string().trim().min(1).default("Pulasa"),
  BRAND_NAME: z.string().trim().min(1).default("Godavari Pulasa"),
  SUPPORT_EMAIL: z.string().email(),
  SUPPORT_PHONE: z.string().min(10),
  WHATSAPP_NUMBER: z.string().min(10),
  SOCIAL_HANDLE: z.string().startsWith("@"),
  FEATURE_AUCTIONS: switchValue,
});

export type AppConfig = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof configSchema>) {
  return {
    environment: env.ENVIRONMENT,
    isDevelopment: env.ENVIRONMENT === "development",
    product: env.PRODUCT_NAME,
    brand: env.BRAND_NAME,
    supportEmail: env.SUPPORT_EMAIL,
    supportPhone: env.SUPPORT_PHONE,
    whatsapp: env.WHATSAPP_NUMBER,
    socialHandle: env.SOCIAL_HANDLE,
    features: { auctions: env.FEATURE_AUCTIONS },
  };
}

const cache = new WeakMap<object, AppConfig>();

export function getConfig(env: Record<string, unknown>): AppConfig {
  const hit = cache.get(env);
  if (hit) return hit;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join(".")).join(", ");
    throw new Error(`Invalid configuration in the Worker env: ${fields}`);
  }
  const config = toConfig(parsed.data);
  cache.set(env, config);
  return config;
}

export function contentContext(config: AppConfig): ContentContext {
  const { product, brand, supportEmail, supportPhone, whatsapp, socialHandle } = config;
  return { product, brand, supportEmail, supportPhone, whatsapp, socialHandle };
}
