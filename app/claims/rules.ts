// Relative, not ~/: the schema (app/db/tables/claims.ts) loads this file where the app alias is unknown.
import { byName } from "../orders/status";

/**
 * Claims after delivery, pure: what may be reported, until when, and with what evidence. Refunds are
 * considered only for transit damage, a wrong product or non-delivery, reported within 2 hours of the time
 * the order was marked delivered, with photos or videos (none can show a parcel that never came).
 */
export const CLAIM_KINDS = ["transit_damage", "wrong_product", "not_delivered"] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/** A claim is open until an admin approves it (with a refund) or rejects it (with a reason), once. */
export const CLAIM_STATES = ["open", "approved", "rejected"] as const;
export const CLAIM_STATUS = byName(CLAIM_STATES);

export const CLAIM_WINDOW_MS = 2 * 60 * 60_000;

export const MAX_CLAIM_FILES = 5;
export const MAX_CLAIM_VIDEO_BYTES = 25 * 1024 * 1024;
/**
 * A claim's files together: the whole form is read into memory (a Worker has 128 MB) before anything checks
 * it, so one 25 MB video and a photo fit, five videos do not.
 */
export const MAX_CLAIM_FILES_BYTES = 30 * 1024 * 1024;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 1000;

/** Damage and a wrong fish are shown; a parcel that never came cannot be. */
export function needsEvidence(kind: ClaimKind): boolean {
  return kind !== "not_delivered";
}

/**
 * Until when the order's owner may report a problem: 2 hours after it was marked delivered, that moment
 * included; null when it has not been delivered.
 */
export function claimDeadline(deliveredAt: number | null): number | null {
  return deliveredAt === null ? null : deliveredAt + CLAIM_WINDOW_MS;
}

export function isWithinClaimWindow(deliveredAt: number | null, now: number): boolean {
  const deadline = claimDeadline(deliveredAt);
  return deadline !== null && now <= deadline;
}

export type EvidenceProblem = "missing" | "tooMany" | "tooLarge" | null;

/** What is wrong with the number and total size of a claim's files, before their bytes are read. */
export function evidenceProblem(kind: ClaimKind, files: readonly { size: number }[]): EvidenceProblem {
  if (files.length > MAX_CLAIM_FILES) return "tooMany";
  if (needsEvidence(kind) && files.length === 0) return "missing";
  if (files.reduce((total, f) => total + f.size, 0) > MAX_CLAIM_FILES_BYTES) return "tooLarge";
  return null;
}

/** Where a claim's file is served: only to the claim's owner and the admins, by the order it belongs to. */
export const evidenceUrl = (orderNumber: string, name: string) => `/orders/${orderNumber}/evidence/${name}`;
export const EVIDENCE_NAME_PATTERN = /^[0-9a-f]{64}\.(jpg|png|webp|avif|mp4|webm|mov)$/;
