import { highlightParts } from "../../../shared/lib/highlight";

/** A search result's text with the words that matched the query in <mark> (shared/lib/highlight.ts). */
export function HighlightedText({ text }: { text: string }) {
  return (
    <>
      {highlightParts(text).map((part, i) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 font-semibold text-inherit">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
