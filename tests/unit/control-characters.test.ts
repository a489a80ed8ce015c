import { describe, expect, it } from "vitest";
import { longText } from "../../shared/content/fields";
import { customerInput } from "../../shared/sales/customer";
import { quotationDecisionInput, quotationInput } from "../../shared/sales/quotation";
import { contactInput } from "../../shared/schemas/contact";

/**
 * Control characters in what is stored (issue 44): a CR or LF in a one-line value (a customer's name, an address
 * line) added lines to the quotation PDF ("Total: Rs 1"); a NUL cannot be stored at all. Every input schema is
 * built from the same text fields, so they are checked here, where the values are read.
 */

describe("one-line values", () => {
  it("a customer's name, address and people: each control character becomes a space", () => {
    const parsed = customerInput.parse({
      name: "Kaveri Foods\r\nTotal: Rs 1",
      billingAddress: { line1: "12 Mill Road\nSalem\u0000", city: "Salem\t" },
      people: [{ name: "Priya\rNair", email: "priya@kaveri.example", phone: "" }],
    });
    expect(parsed.name).toBe("Kaveri Foods  Total: Rs 1");
    expect(parsed.billingAddress.line1).toBe("12 Mill Road Salem");
    expect(parsed.billingAddress.city).toBe("Salem");
    expect(parsed.people[0]!.name).toBe("Priya Nair");
  });

  it("a quotation line's description and the buyer's name on their page", () => {
    const q = quotationInput.parse({
      dealId: "x",
      lines: [{ description: "Screw compressor\r\nTotal: Rs 1", hsn: "8414", quantity: 1, unitPrice: 1 }],
    });
    expect(q.lines[0]!.description).toBe("Screw compressor  Total: Rs 1");
    expect(quotationDecisionInput.parse({ decision: "accept", name: "Priya\nNair" }).name).toBe("Priya Nair");
  });
});

describe("texts of lines", () => {
  it("keep their line breaks (CR LF as one) and tabs, and lose the other control characters", () => {
    const sent = {
      name: "Ravi",
      email: "ravi@example.com",
      phone: "",
      subject: "Quote\r\n",
      message: "Line one\r\nLine\u0000 two\r\tend",
    };
    const parsed = contactInput.parse(sent);
    expect(parsed.subject).toBe("Quote");
    expect(parsed.message).toBe("Line one\nLine two\n\tend");
    const terms = quotationInput.parse({
      dealId: "x",
      lines: [{ description: "A", hsn: "8414", quantity: 1, unitPrice: 1 }],
      terms: { notes: "Ex-works\r\nSalem\u0007" },
    }).terms;
    expect(terms.notes).toBe("Ex-works\nSalem");
    expect(longText("Full description").input.parse("First\r\n\r\nSecond\u0000")).toBe("First\n\nSecond");
  });
});
