import { describe, expect, it } from "vitest";
import { emailStateText, replyHref } from "../../app/components/admin/contact-detail";
import { inboxQuery } from "../../app/routes/admin/contacts";
import { type EmailState, phoneCallText } from "../../shared/schemas/enquiry-values";

describe("the inbox's URL", () => {
  it("reads status, type, notification, held, q and page, with defaults for missing or unknown values", () => {
    expect(inboxQuery(new URLSearchParams(""))).toEqual({
      status: "all",
      type: "all",
      source: "all",
      notification: "all",
      held: "all",
      q: "",
      page: 1,
    });
    expect(
      inboxQuery(
        new URLSearchParams("status=resolved&type=quote&source=indiamart&notification=failed&held=true&q=+Q-2026-00007+&page=3"),
      ),
    ).toEqual({
      status: "resolved",
      type: "quote",
      source: "indiamart",
      notification: "failed",
      held: "true",
      q: "Q-2026-00007",
      page: 3,
    });
    expect(inboxQuery(new URLSearchParams("status=bogus&type=nope&source=fax&notification=lost&held=maybe&page=-2"))).toEqual({
      status: "all",
      type: "all",
      source: "all",
      notification: "all",
      held: "all",
      q: "",
      page: 1,
    });
  });

  it("accepts the older ?search= for the search", () => {
    expect(inboxQuery(new URLSearchParams("search=anita")).q).toBe("anita");
    expect(inboxQuery(new URLSearchParams("search=anita&q=vikram")).q).toBe("vikram");
  });
});

describe("the detail's answers", () => {
  it("replies with Re: {reference} as the subject", () => {
    const href = replyHref({ email: "buyer@example.com", reference: "Q-2026-00007", subject: "Quote request" });
    expect(href).toBe("mailto:buyer@example.com?subject=Re%3A%20Q-2026-00007");
  });

  it("says what happened to an e-mail", () => {
    const base = { to: ["sales@example.com"], attempts: 0, sentAt: null, nextAttemptAt: null, error: null };
    expect(emailStateText({ ...base, status: "off" })).toMatch(/^Not sent/);
    expect(emailStateText({ ...base, status: "queued", attempts: 2, nextAttemptAt: "2026-01-31T10:00:00Z" })).toMatch(
      /^Queued \(2 tries so far\); next try /,
    );
    expect(emailStateText({ ...base, status: "sent", sentAt: "2026-01-31T10:00:00Z" })).toMatch(/^Sent 31 Jan 2026/);
    expect(emailStateText({ ...base, status: "failed", attempts: 1, error: "550 no such user" })).toBe("Failed after 1 try.");
  });

  it("says why no e-mail went for a lead from IndiaMART or typed in by staff, not that e-mail is off", () => {
    const off: EmailState = { status: "off", to: [], attempts: 0, sentAt: null, nextAttemptAt: null, error: null };
    expect(emailStateText(off, "indiamart", "staff")).toBe(
      "Not sent: this site sends no e-mails for leads from IndiaMART, which tells the sales team itself.",
    );
    expect(emailStateText(off, "indiamart", "customer")).toBe(
      "Not sent: this site sends no e-mails for leads from IndiaMART, which tells the buyer itself.",
    );
    expect(emailStateText(off, "manual", "customer")).toBe("Not sent: a lead typed in by staff gets no e-mails.");
    expect(emailStateText(off, "website", "staff")).toMatch(/^Not sent: e-mail is not set up on the server/);
  });
});

describe("a phone-call lead", () => {
  it("says it was a call and how long it lasted", () => {
    expect(phoneCallText({ seconds: 135 })).toBe("Phone call through IndiaMART, 2 min 15 s.");
    expect(phoneCallText({ seconds: 120 })).toBe("Phone call through IndiaMART, 2 min.");
    expect(phoneCallText({ seconds: 42 })).toBe("Phone call through IndiaMART, 42 s.");
    expect(phoneCallText({ seconds: null })).toBe("Phone call through IndiaMART (no duration given).");
  });
});
