import { eq } from "drizzle-orm";
import type { SiteSettings } from "../../shared/content/settings";
import type { PrivacyRequestStatus, PrivacyRequestWithDue } from "../../shared/privacy/request";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { privacyRequests } from "../db/schema";
import { htmlPage, htmlParagraphs } from "../mail/enquiry-emails";
import { emailSiteUrl, queueEmail } from "../mail/outbox";
import { emailHashOf, updatePrivacyRequestStatus } from "./requests";
import { privacyReplyTo } from "./self-service";

/**
 * Staff answer a request on the Privacy requests screen. A correction the person asked for is answered to them
 * too: when it is marked done (what was changed) or refused (why), an e-mail goes to the address it came from.
 */

type RequestRow = typeof privacyRequests.$inferSelect;

export async function answerPrivacyRequest(
  ctx: AppContext,
  id: string,
  change: { status: PrivacyRequestStatus; outcome: string; doneByName: string },
  settings: SiteSettings,
): Promise<PrivacyRequestWithDue | null> {
  const answered = await ctx.db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    // Locked until the answer is stored: two owners answering at once send one e-mail, not two.
    const [before] = await tx.select().from(privacyRequests).where(eq(privacyRequests.id, id)).for("update");
    if (!before) return null;
    const request = await updatePrivacyRequestStatus(tx, id, change);
    const mailed = request !== null && tellsThePerson(before, request.status) && ctx.mail.enabled;
    if (mailed) {
      const siteUrl = emailSiteUrl(ctx.config);
      await queueEmail(tx, { ...correctionAnswerEmail(before, change, settings, siteUrl), purpose: "privacy", origin: siteUrl });
    }
    return { request, mailed };
  });
  if (answered?.mailed) ctx.mail.kick();
  return answered?.request ?? null;
}

/**
 * A correction answered for the first time since it was open, whose person can still be written to: an erased
 * person's address is masked, and then no longer has the hash the request keeps.
 */
function tellsThePerson(before: RequestRow, status: PrivacyRequestStatus): boolean {
  return (
    before.kind === "correction" &&
    before.status === "open" &&
    status !== "open" &&
    emailHashOf(before.email) === before.emailHash
  );
}

function correctionAnswerEmail(
  before: RequestRow,
  change: { status: PrivacyRequestStatus; outcome: string },
  settings: SiteSettings,
  siteUrl: string,
) {
  const asked = before.createdAt.toLocaleDateString("en-IN", { dateStyle: "long", timeZone: "Asia/Kolkata" });
  const done = change.status === "done";
  const subject = done
    ? `Your personal data at ${settings.companyName}: corrected`
    : `Your personal data at ${settings.companyName}: your correction`;
  const paragraphs = [
    `On ${asked} you asked ${settings.companyName} to correct your personal data:`,
    before.details,
    done ? "We have made the correction. What we changed:" : "We have not made this correction, because:",
    change.outcome,
    `To see your data as we hold it now, ask for a link at ${siteUrl}/privacy/request.`,
    done
      ? "Questions: reply to this e-mail."
      : "If you disagree, reply to this e-mail. You may also complain to the Data Protection Board of India.",
  ];
  return {
    to: [before.email],
    replyTo: privacyReplyTo(settings),
    subject,
    text: `${paragraphs.join("\n\n")}\n`,
    html: htmlPage(subject, paragraphs.map((p) => `<p>${htmlParagraphs(p)}</p>`).join("")),
  };
}
