import type { ContentContext, PolicyPage } from "../../types";
import type { PolicyPath } from "../../policies/paths";
import { deliveryInfo } from "./delivery-info";
import { helpSupport } from "./help-support";
import { privacyPolicy } from "./privacy-policy";
import { returnsRefunds } from "./returns-refunds";
import { termsConditions } from "./terms-conditions";

/** The five policy pages in Telugu, by the same paths as the English ones. */
export const tePolicies: Record<PolicyPath, (c: ContentContext) => PolicyPage> = {
  "/help-support": helpSupport,
  "/delivery-info": deliveryInfo,
  "/returns-refunds": returnsRefunds,
  "/terms-conditions": termsConditions,
  "/privacy-policy": privacyPolicy,
};
