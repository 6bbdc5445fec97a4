import { and, eq, sql } from "drizzle-orm";
import { MAX_PHOTO_BYTES } from "~/catalog/photos";
import { checkUpload, putUpload, type CheckedUpload } from "~/catalog/uploads.server";
import { previousChanged } from "~/db/guards.server";
import { claimEvidence, claims } from "~/db/schema";
import type { Deps } from "~/deps";
import { sectionsFor } from "~/i18n/texts";
import { format } from "~/i18n/format";
import { InvalidInputError, UnavailableError } from "~/lib/errors";
import type { ClaimErrors } from "./forms";
import { CLAIM_STATUS, EVIDENCE_NAME_PATTERN, MAX_CLAIM_VIDEO_BYTES } from "./rules";

/**
 * A claim's photos and videos: checked by their bytes with the catalogue's upload check, stored in the private
 * CLAIM_EVIDENCE bucket under `claims/{sha256}.{ext}`, and read back only for the claim's owner or an admin.
 */
const key = (name: string) => `claims/${name}`;
const LIMITS = { image: MAX_PHOTO_BYTES, video: MAX_CLAIM_VIDEO_BYTES };

/** A problem with the claim's files, shown next to the file field. */
export class ClaimFilesError extends InvalidInputError {}

/** Each file checked by its bytes (the first refusal names its file, in the language of `e`); the same bytes chosen twice are one file. */
export async function checkEvidence(files: readonly File[], e: ClaimErrors): Promise<CheckedUpload[]> {
  const messages = {
    none: e.empty,
    empty: e.empty,
    notAccepted: e.notAccepted,
    damaged: e.damaged,
    pixels: e.pixels,
    tooLarge: { image: e.photoTooLarge, video: e.videoTooLarge },
  };
  const checked = new Map<string, CheckedUpload>();
  for (const file of files) {
    try {
      const upload = await checkUpload(file, LIMITS, messages);
      checked.set(upload.name, upload);
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      throw new ClaimFilesError(format(e.file, { name: file.name.slice(0, 80) || "file", problem: error.message }));
    }
  }
  return [...checked.values()];
}

/** The objects, before the rows that name them are written (an object no row names is never served). */
export async function storeEvidence(deps: Pick<Deps, "evidence" | "lang">, uploads: readonly CheckedUpload[]): Promise<void> {
  if (uploads.length === 0) return;
  if (!deps.evidence) throw new UnavailableError(sectionsFor(deps).claims.errors.unavailable);
  for (const upload of uploads) await putUpload(deps.evidence, key(upload.name), upload);
}

/**
 * The rows of the order's open claim's files, for the batch that creates the claim: each is written only if
 * the statement before it was (`changes() = 1`), so nothing is attached unless this batch opened the claim.
 */
export function evidenceStatements(deps: Pick<Deps, "db">, orderId: number, uploads: readonly CheckedUpload[]) {
  return uploads.map(({ name, kind, bytes }, position) =>
    deps.db.run(
      sql`INSERT INTO ${claimEvidence} (claim_id, name, media, content_type, bytes, width, height, position)
          SELECT id, ${name}, ${kind.media}, ${kind.type}, ${bytes.length}, ${kind.media === "image" ? kind.width : null}, ${kind.media === "image" ? kind.height : null}, ${position}
          FROM ${claims} WHERE ${and(eq(claims.orderId, orderId), eq(claims.status, CLAIM_STATUS.open))} AND ${previousChanged()}`,
    ),
  );
}

export type EvidenceFile = { contentType: string; bytes: number };

/** A claim's file of the order `number`, if the signed-in user is the claim's owner or an admin; null otherwise. */
export async function findEvidence(deps: Pick<Deps, "db" | "user">, number: string, name: string): Promise<EvidenceFile | null> {
  const user = deps.user;
  if (!user || !EVIDENCE_NAME_PATTERN.test(name)) return null;
  const [file] = await deps.db.all<EvidenceFile>(
    sql`SELECT e.content_type AS contentType, e.bytes FROM claim_evidence e JOIN claims c ON c.id = e.claim_id JOIN orders o ON o.id = c.order_id
        WHERE o.number = ${number} AND e.name = ${name} AND (${user.isAdmin ? 1 : 0} = 1 OR c.user_id = ${user.id}) LIMIT 1`,
  );
  return file ?? null;
}

/** The stored bytes of a file `findEvidence` allowed, whole or one range of them. */
export async function readEvidence(deps: Pick<Deps, "evidence">, name: string, range?: { offset: number; length: number }): Promise<R2ObjectBody | null> {
  if (!deps.evidence) return null;
  return deps.evidence.get(key(name), range ? { range } : undefined);
}
