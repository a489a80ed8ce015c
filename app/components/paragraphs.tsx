import { Fragment } from "react";

/**
 * Staff-written text (a product's description, the story, a service's description) as paragraphs: the one
 * rule of every public page. A blank line starts a new paragraph; a single line break stays a line break
 * inside its paragraph, so the page keeps the lines staff typed. Each paragraph is its lines, trimmed;
 * blank ones are dropped (a text of only spaces has no paragraphs).
 */
export function paragraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== ""),
    )
    .filter((lines) => lines.length > 0);
}

/** Staff text drawn by `paragraphs`: one `<p className>` per paragraph, its lines separated by `<br>`. */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return paragraphs(text).map((lines, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text, in their order
    <p key={i} className={className}>
      {lines.map((line, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one paragraph, in their order
        <Fragment key={j}>
          {j > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </p>
  ));
}
