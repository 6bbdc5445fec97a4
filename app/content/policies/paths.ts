/** The five policy pages' paths, in the order the footer lists them: the one list routes, links and the cart summary read. */
export const POLICY_PATHS = ["/help-support", "/delivery-info", "/returns-refunds", "/terms-conditions", "/privacy-policy"] as const;

export type PolicyPath = (typeof POLICY_PATHS)[number];

export function isPolicyPath(path: string): path is PolicyPath {
  return (POLICY_PATHS as readonly string[]).includes(path);
}
