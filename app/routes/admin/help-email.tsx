import emailSetup from "virtual:readme/email-setup";
import { Link } from "react-router";
import { adminMeta } from "../../components/admin/screen-data";
import { buttonClass, PageHeader } from "../../components/admin/screen-parts";

/**
 * /admin/help/email: the README's "Setting up e-mail" section, where the dashboard's "E-mail notifications are
 * off" notice links. The README is the one text; the build takes this section from it (without its heading;
 * server/vite-plugins/readme-section.ts), so the panel always shows the instructions of the version it runs
 * and the browser's code carries this section only, not the whole README.
 */

/** `code` spans of a line as <code>, the rest as text. */
function Inline({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/).map((part, i) =>
        part.startsWith("`") && part.endsWith("`") && part.length > 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed line
          <code key={i} className="rounded bg-slate-100 px-1 [overflow-wrap:anywhere] text-slate-900">
            {part.slice(1, -1)}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** Paragraphs and numbered lists, in order: all the section uses of Markdown. */
function SectionText({ markdown }: { markdown: string }) {
  const blocks = markdown.split(/\n\s*\n/).map((b) => b.replace(/\s*\n\s*/g, " ").trim());
  return (
    <div className="max-w-3xl space-y-4 text-slate-800">
      {blocks.map((block) =>
        /^\d+\. /.test(block) ? (
          <ol key={block} className="list-decimal space-y-3 pl-6">
            {block.split(/ (?=\d+\. )/).map((item) => (
              <li key={item}>
                <Inline text={item.replace(/^\d+\. /, "")} />
              </li>
            ))}
          </ol>
        ) : (
          <p key={block}>
            <Inline text={block} />
          </p>
        ),
      )}
    </div>
  );
}

export const meta = () => adminMeta("Setting up e-mail");

export default function EmailHelp() {
  return (
    <div>
      <PageHeader title="Setting up e-mail" description="From the README, section “Setting up e-mail”." />
      <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <SectionText markdown={emailSetup} />
      </section>
      <Link to="/admin/dashboard" className={`${buttonClass("secondary")} mt-6`}>
        Back to the dashboard
      </Link>
    </div>
  );
}
