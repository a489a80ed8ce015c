import { describe, expect, it } from "vitest";
import { spreadsheetSafe } from "../../server/api/contacts";
import { ConfigError, loadConfig } from "../../server/config";
import { formatReference, quoteFields, referenceYear } from "../../server/content/enquiry";
import { clientKey, networkKey } from "../../server/http/throttle";
import { escapeHtml, headerText, namedAddress, staffRecipients } from "../../server/mail/enquiry-emails";
import { DEFAULT_SITE_SETTINGS } from "../../shared/schemas/defaults";

describe("clientKey (who a client is for rate limits)", () => {
  it("keeps IPv4 addresses, unwraps IPv4-mapped IPv6, and groups IPv6 by /64", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
    expect(clientKey("")).toBe("unknown");
    expect(clientKey(undefined)).toBe("unknown");
  });
});

describe("networkKey (a client's network, for the per-network enquiry limit)", () => {
  it("is the IPv4 /24 or the IPv6 /48", () => {
    expect(networkKey("203.0.113.9")).toBe("203.0.113.0/24");
    expect(networkKey("::ffff:203.0.113.9")).toBe("203.0.113.0/24");
    expect(networkKey("2001:db8:1:2::1")).toBe("2001:db8:1::/48");
    expect(networkKey("2001:0DB8:0001:ffff:aaaa::1")).toBe("2001:db8:1::/48");
    expect(networkKey("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkKey(undefined)).toBe("unknown");
  });
});

describe("references", () => {
  it("are a kind letter, the year in India and a number of at least five digits", () => {
    expect(formatReference("message", 2026, 42)).toBe("M-2026-00042");
    expect(formatReference("quote", 2026, 7)).toBe("Q-2026-00007");
    expect(formatReference("service", 2026, 3)).toBe("S-2026-00003");
    expect(formatReference("quote", 2027, 123456)).toBe("Q-2027-123456");
  });

  it("take the year in India: New Year's Eve 19:00 UTC is already the next year there", () => {
    expect(referenceYear(new Date("2026-12-31T18:29:59Z"))).toBe(2026);
    expect(referenceYear(new Date("2026-12-31T18:30:00Z"))).toBe(2027);
  });
});

describe("quoteFields (form-encoded quote items)", () => {
  it("pairs repeated productId and quantity fields, defaulting the quantity to 1", () => {
    expect(quoteFields({ name: "A", productId: ["a", "b", ""], quantity: ["2", ""] })).toEqual({
      name: "A",
      items: [
        { productId: "a", quantity: "2" },
        { productId: "b", quantity: "" },
      ],
    });
    expect(quoteFields({ productId: "a" })).toEqual({ items: [{ productId: "a", quantity: "1" }] });
    expect(quoteFields({ items: '[{"productId":"a","quantity":3}]' })).toEqual({ items: [{ productId: "a", quantity: 3 }] });
    expect(quoteFields({ items: "" })).toEqual({ items: [] });
    expect(() => quoteFields({ items: "[{" })).toThrow(/could not be read/);
  });
});

describe("e-mail header and HTML safety", () => {
  it("makes header text one line without control characters", () => {
    expect(headerText("Eve\r\nBcc: victim@example.net")).toBe("Eve Bcc: victim@example.net");
    expect(headerText("a\u2028b\u0000c\td")).toBe("a b c d");
    expect(headerText("x".repeat(200), 10)).toBe(`${"x".repeat(9)}…`);
    expect(namedAddress('Ravi "The Boss"\nKumar', "ravi@example.com")).toBe('"Ravi The Boss Kumar" <ravi@example.com>');
    expect(namedAddress("\r\n", "ravi@example.com")).toBe("ravi@example.com");
  });

  it("escapes HTML", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe("&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;&#60;/a&#62;");
  });

  it("tells the kind's notification addresses, else the first site e-mail, else nobody", () => {
    const settings = {
      ...DEFAULT_SITE_SETTINGS,
      emails: [
        { label: "Sales", value: "sales@example.com" },
        { label: "Office", value: "office@example.com" },
      ],
      notifications: { quotes: ["q1@example.com", "q2@example.com"], services: [], messages: [] },
    };
    expect(staffRecipients(settings, "quote")).toEqual(["q1@example.com", "q2@example.com"]);
    expect(staffRecipients(settings, "service")).toEqual(["sales@example.com"]);
    expect(staffRecipients({ ...DEFAULT_SITE_SETTINGS }, "message")).toEqual([]);
  });
});

describe("spreadsheetSafe (CSV cells)", () => {
  it("defuses formulas but leaves phone numbers and plain text alone", () => {
    expect(spreadsheetSafe("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(spreadsheetSafe("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(spreadsheetSafe("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(spreadsheetSafe("-2+3+cmd")).toBe("'-2+3+cmd");
    expect(spreadsheetSafe("+91 98765 43210")).toBe("+91 98765 43210");
    expect(spreadsheetSafe("-5")).toBe("-5");
    expect(spreadsheetSafe("Ravi")).toBe("Ravi");
  });
});

describe("mail configuration", () => {
  it("is off without SMTP_URL, and takes MAIL_FROM or an e-mail-shaped SMTP user", () => {
    expect(loadConfig({}).mail).toBeNull();
    expect(loadConfig({}).enquiryHourlyCap).toBe(300);
    const site = { SITE_URL: "https://www.example.com" }; // required with SMTP_URL (tests/unit/config.test.ts)
    expect(
      loadConfig({ ...site, SMTP_URL: "smtp://u:p@mail.example.com:587", MAIL_FROM: "Site <site@example.com>" }).mail,
    ).toEqual({
      smtpUrl: "smtp://u:p@mail.example.com:587",
      from: "Site <site@example.com>",
    });
    expect(loadConfig({ ...site, SMTP_URL: "smtps://site%40example.com:p@mail.example.com" }).mail?.from).toBe(
      "site@example.com",
    );
    expect(() => loadConfig({ SMTP_URL: "smtp://u:p@mail.example.com" })).toThrow(/MAIL_FROM must be set when SMTP_URL is/);
    expect(() => loadConfig({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL must look like/);
    expect(() => loadConfig({ SMTP_URL: "smtp://u:p@x", MAIL_FROM: "not an address" })).toThrow(/MAIL_FROM must be an e-mail/);
    expect(() => loadConfig({ ENQUIRY_HOURLY_CAP: "0" })).toThrow(ConfigError);
    expect(loadConfig({ ENQUIRY_HOURLY_CAP: "50" }).enquiryHourlyCap).toBe(50);
  });

  it("never echoes the SMTP password in a configuration error", () => {
    try {
      loadConfig({ SMTP_URL: "smtp://user:s3cret-pass@ bad host" });
      expect.unreachable();
    } catch (err) {
      expect(String((err as Error).message)).not.toContain("s3cret-pass");
    }
  });
});
