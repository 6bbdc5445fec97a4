import type { ClaimView } from "~/claims/claims.server";

/**
 * A claim's photos and videos at their own addresses (served only to the claim's owner and the admins):
 * photos at their natural proportions, videos playable in place.
 */
export function ClaimEvidence({ files, label }: { files: ClaimView["evidence"]; label: string }) {
  return (
    <ul aria-label={label} className="mt-3 grid grid-cols-2 items-start gap-3 sm:grid-cols-3">
      {files.map((file, i) => (
        <li key={file.url} className="overflow-hidden rounded-xl border border-river-200 dark:border-river-700">
          {file.media === "image" ? (
            <a href={file.url} target="_blank" rel="noopener noreferrer">
              <img
                src={file.url}
                alt={`${label} ${i + 1}`}
                width={file.width ?? undefined}
                height={file.height ?? undefined}
                loading="lazy"
                className="h-auto w-full bg-river-50 object-contain dark:bg-river-950"
              />
            </a>
          ) : (
            <video controls preload="metadata" className="w-full bg-black" aria-label={`${label} ${i + 1}`}>
              <source src={file.url} type={file.contentType} />
            </video>
          )}
        </li>
      ))}
    </ul>
  );
}
