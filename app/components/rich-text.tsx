import type { Block } from "~/content/types";

/** Renders the content modules' plain-text blocks (no HTML is ever injected). */
export function RichText({ blocks, headingOffset = 0 }: { blocks: Block[]; headingOffset?: 0 | 1 }) {
  return (
    <div className="prose-block text-slate-700 dark:text-slate-200">
      {blocks.map((block, i) => {
        switch (block.type) {
          case "p":
            return <p key={i}>{block.text}</p>;
          case "h2": {
            const H = headingOffset ? "h3" : "h2";
            return (
              <H key={i} className="mt-10 font-serif text-2xl font-bold text-slate-900 dark:text-white">
                {block.text}
              </H>
            );
          }
          case "h3": {
            const H = headingOffset ? "h4" : "h3";
            return (
              <H key={i} className="mt-8 font-serif text-xl font-bold text-slate-900 dark:text-white">
                {block.text}
              </H>
            );
          }
          case "ul":
            return (
              <ul key={i} className="my-4 list-disc space-y-1.5 pl-6">
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            );
          case "ol":
            return (
              <ol key={i} className="my-4 list-decimal space-y-1.5 pl-6">
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ol>
            );
          case "note":
            return (
              <p key={i} className="my-6 rounded-xl border-l-4 border-gold-400 bg-gold-50 p-4 text-gold-900 dark:bg-gold-900/30 dark:text-gold-100">
                {block.text}
              </p>
            );
        }
      })}
    </div>
  );
}
