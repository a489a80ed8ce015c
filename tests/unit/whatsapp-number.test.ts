import { describe, expect, it } from "vitest";
import { whatsappNumberOf } from "../../shared/privacy/whatsapp";

/** Staff's WhatsApp button for a person (the enquiry's detail): only where they agreed, and only at a mobile. */

const AGREED = { news: false, whatsapp: true };

describe("whatsappNumberOf", () => {
  it("is nothing where the person did not agree to WhatsApp, whatever the number", () => {
    expect(whatsappNumberOf("+91 98765 43210", { news: true, whatsapp: false })).toBeNull();
  });

  it.each([
    ["+91 98765 43210", "919876543210"],
    ["+919876543210", "919876543210"],
    ["0091 98765 43210", "919876543210"],
    ["91 98765 43210", "919876543210"],
    ["9876543210", "919876543210"],
    ["098765-43210", "919876543210"],
    ["0 98765 43210", "919876543210"],
    ["+91 70123 45678", "917012345678"],
    ["6301234567", "916301234567"],
    ["+91-80501-23456", "918050123456"],
    // A 9… number is a mobile however it is grouped: no STD code starts with 9.
    ["+91 987 654 3210", "919876543210"],
  ])("gives an Indian mobile (%s) with its country code", (phone, number) => {
    expect(whatsappNumberOf(phone, AGREED)).toBe(number);
  });

  it.each([
    ["0427 200 1480", "an STD code starting 4 (Salem)"],
    ["+91 427 200 1480", "the same with the country code"],
    ["(0422) 2345678", "an STD code in brackets"],
    ["080 2345 6789", "Bengaluru: 10 digits starting 8, with its STD code written"],
    ["+91 80 2345 6789", "the same with the country code"],
    ["+91-79-2658-1234", "Ahmedabad"],
    ["0821 242 1234", "Mysuru: a three-digit code starting 8"],
    ["12345", "too short to be a phone"],
    ["+91 98765 4321", "a digit missing"],
    ["", "no phone"],
  ])("is nothing for a landline or a number that is not a mobile: %s (%s)", (phone) => {
    expect(whatsappNumberOf(phone, AGREED)).toBeNull();
  });

  it("gives another country's number as written, with its code (its mobiles cannot be told from its landlines)", () => {
    expect(whatsappNumberOf("+44 7700 900123", AGREED)).toBe("447700900123");
    expect(whatsappNumberOf("00971 50 123 4567", AGREED)).toBe("971501234567");
  });
});
