import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { format } from "~/i18n/format";
import { looksLikePhoto, preparePhoto, replaceFiles } from "~/web/shrink-photo";

/** The picker's words, in the page's language. */
export type PickerTexts = {
  /** Names the list of what was chosen. */
  chosen: string;
  /** A photo sent smaller: "{size}, made smaller from {original}". */
  smaller: string;
  /** A chosen photo the browser could not open. */
  unreadable: string;
};

type Chosen = { key: string; name: string; size: number; original: number; preview: string | null; video: boolean; unreadable: boolean };

/** A file's size as people read it: "412 KB", "7.8 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A file input for photos (and, where `accept` allows, videos). Without JavaScript it is the plain input and the
 * server takes each file as it is, within its stated limit. With it, each photo is made smaller in the browser
 * before it is sent (app/web/shrink-photo.ts) and shown as a preview with its size; `onPreparing` tells the form
 * to hold its submit button while that runs. Label, hint and the server's error are the form's.
 */
export function PhotoPicker(props: {
  id: string;
  name: string;
  accept: string;
  multiple?: boolean;
  required?: boolean;
  describedBy: string;
  invalid: boolean;
  /** What the field takes and up to what size, said before anything is chosen (its id is in `describedBy`). */
  hint: { id: string; text: string };
  texts: PickerTexts;
  onPreparing: (preparing: boolean) => void;
}) {
  const { id, name, accept, multiple, required, describedBy, invalid, hint, texts, onPreparing } = props;
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const round = useRef(0);
  const urls = useRef<string[]>([]);
  const release = () => {
    for (const url of urls.current) URL.revokeObjectURL(url);
    urls.current = [];
  };
  useEffect(() => release, []);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const picked = [...(input.files ?? [])];
    const mine = ++round.current;
    release();
    setChosen([]);
    if (picked.length === 0) return;
    onPreparing(true);
    try {
      const prepared = await Promise.all(
        picked.map(async (file) =>
          looksLikePhoto(file) ? preparePhoto(file) : { file, original: file, opened: false, video: file.type.startsWith("video/") },
        ),
      );
      // Another choice was made meanwhile: that one counts.
      if (mine !== round.current) return;
      if (prepared.some((p) => p.file !== p.original))
        replaceFiles(
          input,
          prepared.map((p) => p.file),
        );
      // The form's own checks (the claim form's total size) see the files it will send.
      input.dispatchEvent(new Event("input", { bubbles: true }));
      setChosen(
        prepared.map((p, i) => {
          const video = "video" in p && p.video;
          const preview = p.opened ? URL.createObjectURL(p.file) : null;
          if (preview) urls.current.push(preview);
          return {
            key: `${mine}-${i}`,
            name: p.original.name,
            size: p.file.size,
            original: p.original.size,
            preview,
            video,
            unreadable: !p.opened && !video,
          };
        }),
      );
    } finally {
      if (mine === round.current) onPreparing(false);
    }
  }

  return (
    <>
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        multiple={multiple}
        required={required}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={choose}
        className="mt-1 block w-full min-w-0 text-sm file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-xl file:border-0 file:bg-river-700 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-river-800 dark:file:bg-river-300 dark:file:text-river-950"
      />
      <p id={hint.id} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {hint.text}
      </p>
      {chosen.length ? (
        <ul aria-label={texts.chosen} className="mt-2 grid gap-2">
          {chosen.map((c) => (
            <li key={c.key} className="flex min-w-0 items-center gap-3 text-sm">
              {c.preview ? (
                <img src={c.preview} alt="" className="h-16 w-20 shrink-0 rounded-lg border border-river-200 object-cover dark:border-river-700" />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex h-16 w-20 shrink-0 items-center justify-center rounded-lg border border-river-200 text-xl dark:border-river-700"
                >
                  {c.video ? "▶" : "?"}
                </span>
              )}
              <span className="min-w-0">
                <span className="block truncate" title={c.name}>
                  {c.name}
                </span>
                {c.unreadable ? (
                  <span className="block text-red-700 dark:text-red-300">{texts.unreadable}</span>
                ) : (
                  <span className="block text-slate-600 dark:text-slate-300">
                    {c.size < c.original ? format(texts.smaller, { size: fileSize(c.size), original: fileSize(c.original) }) : fileSize(c.size)}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
