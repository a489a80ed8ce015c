import { describe, expect, it } from "vitest";
import { amountInWords } from "../../shared/sales/amount-in-words";

describe("amountInWords (Indian system)", () => {
  it.each([
    [0, "Rupees Zero Only"],
    [100, "Rupees One Only"],
    [9900, "Rupees Ninety Nine Only"],
    [1000, "Rupees Ten Only"],
    [1900, "Rupees Nineteen Only"],
    [2000, "Rupees Twenty Only"],
    [10500, "Rupees One Hundred Five Only"],
    [100000, "Rupees One Thousand Only"],
    [10000000, "Rupees One Lakh Only"],
    [125000000, "Rupees Twelve Lakh Fifty Thousand Only"],
    [125000050, "Rupees Twelve Lakh Fifty Thousand and Fifty Paise Only"],
    [1000000000, "Rupees One Crore Only"],
    [1000000100, "Rupees One Crore One Only"],
    [9999999900, "Rupees Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine Only"],
    [
      123456789101, // ₹1,23,45,67,891.01
      "Rupees One Hundred Twenty Three Crore Forty Five Lakh Sixty Seven Thousand Eight Hundred Ninety One and One Paisa Only",
    ],
    [100000000000000, "Rupees One Lakh Crore Only"],
    [50, "Fifty Paise Only"],
    [1, "One Paisa Only"],
    [101, "Rupees One and One Paisa Only"],
    [107422900, "Rupees Ten Lakh Seventy Four Thousand Two Hundred Twenty Nine Only"],
  ])("%d paise → %s", (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it("says the largest safe amount (₹9,00,71,99,25,47,409.91)", () => {
    expect(amountInWords(Number.MAX_SAFE_INTEGER)).toBe(
      "Rupees Ninety Lakh Seven Thousand One Hundred Ninety Nine Crore Twenty Five Lakh Forty Seven Thousand Four Hundred Nine and Ninety One Paise Only",
    );
  });

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])("refuses %d", (paise) => {
    expect(() => amountInWords(paise)).toThrow(RangeError);
  });
});
