import type { ContentContext, PolicyPage } from "../types";
import { deliveryInfo } from "./delivery-info";
import { isPolicyPath, type PolicyPath } from "./paths";
import { helpSupport } from "./help-support";
import { privacyPolicy } from "./privacy-policy";
import { returnsRefunds } from "./returns-refunds";
import { termsConditions } from "./terms-conditions";

const pages: Record<PolicyPath, (c: ContentContext) => PolicyPage> = {
  "/help-support": helpSupport,
  "/delivery-info": deliveryInfo,
  "/returns-refunds": returnsRefunds,
  "/terms-conditions": termsConditions,
  "/privacy-policy": privacyPolicy,
};

/** The policy page served at `path` (a trailing slash is tolerated), or undefined for any other path. */
export function getPolicy(c: ContentContext, path: string): PolicyPage | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return isPolicyPath(normalized) ? pages[normalized](c) : undefined;
}
