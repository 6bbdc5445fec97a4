import type { Lang } from "~/i18n/lang";
import { tePolicies } from "../te/policies";
import type { ContentContext, PolicyPage } from "../types";
import { deliveryInfo } from "./delivery-info";
import { isPolicyPath, type PolicyPath } from "./paths";
import { helpSupport } from "./help-support";
import { privacyPolicy } from "./privacy-policy";
import { returnsRefunds } from "./returns-refunds";
import { termsConditions } from "./terms-conditions";

const enPolicies: Record<PolicyPath, (c: ContentContext) => PolicyPage> = {
  "/help-support": helpSupport,
  "/delivery-info": deliveryInfo,
  "/returns-refunds": returnsRefunds,
  "/terms-conditions": termsConditions,
  "/privacy-policy": privacyPolicy,
};

const pages: Record<Lang, Record<PolicyPath, (c: ContentContext) => PolicyPage>> = { en: enPolicies, te: tePolicies };

/** The policy page served at `path` in `lang` (a trailing slash is tolerated), or undefined for any other path. */
export function getPolicy(c: ContentContext, path: string, lang: Lang = "en"): PolicyPage | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return isPolicyPath(normalized) ? pages[lang][normalized](c) : undefined;
}
