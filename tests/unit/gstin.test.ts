import { describe, expect, it } from "vitest";
import { checkGstin, gstinCheckCharacter } from "../../shared/sales/gstin";
import { INDIAN_STATES, stateByCode, stateCodeOfName } from "../../shared/sales/states";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// Real GSTINs: 27AAPFU0939F1ZV is GSTN's documented sample; 29AAGCB7383J1Z4 and 33AAGCP4765J1Z5 are registered
// businesses (public GST search). 33AAPFU0939F1Z2 is computed here and by hand: products 3,6,10,20,25,30,30,0,9,6,
// 9,30,1,70 → digit sums total 214; 214 mod 36 = 34; 36 − 34 = 2.
const VALID = [
  { gstin: "27AAPFU0939F1ZV", stateCode: "27", state: "Maharashtra", pan: "AAPFU0939F" },
  { gstin: "29AAGCB7383J1Z4", stateCode: "29", state: "Karnataka", pan: "AAGCB7383J" },
  { gstin: "33AAGCP4765J1Z5", stateCode: "33", state: "Tamil Nadu", pan: "AAGCP4765J" },
  { gstin: "33AAPFU0939F1Z2", stateCode: "33", state: "Tamil Nadu", pan: "AAPFU0939F" },
];
const CHECK_MESSAGE = "GSTIN's last character does not match: check for a typing mistake.";

/** A GSTIN with the right check character for `first14`, so only the part under test is wrong. */
const withCheck = (first14: string) => first14 + gstinCheckCharacter(first14);

describe("checkGstin", () => {
  it.each(VALID)("$gstin is valid: $state, PAN $pan", (expected) => {
    expect(checkGstin(expected.gstin)).toEqual({ ok: true, ...expected });
    expect(gstinCheckCharacter(expected.gstin.slice(0, 14))).toBe(expected.gstin[14]);
  });

  it.each(VALID)("$gstin with any other last character fails with the check message", ({ gstin }) => {
    for (const wrong of ALPHABET.replace(gstin[14]!, "")) {
      expect(checkGstin(gstin.slice(0, 14) + wrong)).toEqual({ ok: false, message: CHECK_MESSAGE });
    }
  });

  it("catches a single changed character and two swapped neighbours", () => {
    expect(checkGstin("27AAPFU0938F1ZV")).toEqual({ ok: false, message: CHECK_MESSAGE });
    expect(checkGstin("27AAPFU9039F1ZV")).toEqual({ ok: false, message: CHECK_MESSAGE });
  });

  it("normalises lower case and spaces", () => {
    for (const typed of [" 27aapfu0939f1zv ", "27 AAPFU 0939F 1ZV", "27aapFU0939f1Zv\n"]) {
      expect(checkGstin(typed)).toMatchObject({ ok: true, gstin: "27AAPFU0939F1ZV", stateCode: "27" });
    }
  });

  it.each(["", "27AAPFU0939F1Z", "27AAPFU0939F1ZVX", "   "])("%j: wrong length", (value) => {
    expect(checkGstin(value)).toEqual({ ok: false, message: "GSTIN must be 15 characters." });
  });

  it("rejects characters other than letters and digits", () => {
    expect(checkGstin("27AAPFU0939F-ZV")).toEqual({ ok: false, message: "GSTIN may contain only letters and digits." });
  });

  it.each([withCheck("AAAAPFU0939F1Z"), withCheck("2AAAPFU0939F1Z")])("%s: no two-digit state code", (gstin) => {
    expect(checkGstin(gstin)).toEqual({ ok: false, message: "GSTIN must start with a two-digit state code." });
  });

  it.each(["00", "28", "39", "45", "96", "98"])("state code %s is not an Indian state", (code) => {
    expect(checkGstin(withCheck(`${code}AAPFU0939F1Z`))).toEqual({
      ok: false,
      message: `GSTIN's state code ${code} is not an Indian state.`,
    });
  });

  it("says that 99 is the Centre Jurisdiction, not a state", () => {
    expect(checkGstin(withCheck("99AAPFU0939F1Z"))).toEqual({
      ok: false,
      message: "GSTIN's state code 99 is the Centre Jurisdiction, not an Indian state.",
    });
  });

  it("accepts an old Daman and Diu GSTIN (25) as the merged UT 26, and 97 Other Territory", () => {
    expect(checkGstin(withCheck("25AAPFU0939F1Z"))).toMatchObject({
      ok: true,
      gstin: "25AAPFU0939F1ZZ",
      stateCode: "26",
      state: "Dadra and Nagar Haveli and Daman and Diu",
    });
    expect(checkGstin(withCheck("97AAPFU0939F1Z"))).toMatchObject({ ok: true, stateCode: "97", state: "Other Territory" });
  });

  it.each(["27AAPF10939F1Z", "27AAPFUA939F1Z", "27AAPFU09391Z1", "2712345678901Z"])("%s…: not a PAN", (first14) => {
    expect(checkGstin(withCheck(first14))).toEqual({
      ok: false,
      message: "GSTIN's characters 3 to 12 must be a PAN (five letters, four digits, one letter).",
    });
  });

  it("rejects 0 as the 13th character and accepts letters there and in the 14th", () => {
    expect(checkGstin(withCheck("27AAPFU0939F0Z"))).toEqual({
      ok: false,
      message: "GSTIN's 13th character must be a digit from 1 to 9 or a letter.",
    });
    expect(checkGstin(withCheck("27AAPFU0939FAZ")).ok).toBe(true);
    expect(checkGstin(withCheck("27AAPFU0939F1Y")).ok).toBe(true);
    expect(checkGstin(withCheck("27AAPFU0939F15")).ok).toBe(true);
  });
});

describe("gstinCheckCharacter", () => {
  it("accepts lower case and refuses anything but 14 letters or digits", () => {
    expect(gstinCheckCharacter("27aapfu0939f1z")).toBe("V");
    expect(() => gstinCheckCharacter("27AAPFU0939F1")).toThrow();
    expect(() => gstinCheckCharacter("27AAPFU0939F-Z")).toThrow();
  });
});

describe("INDIAN_STATES", () => {
  it("has unique two-digit codes in code order", () => {
    const codes = INDIAN_STATES.map((state) => state.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => /^\d{2}$/.test(code))).toBe(true);
    expect([...codes].sort()).toEqual(codes);
    expect(new Set(INDIAN_STATES.map((state) => state.name)).size).toBe(codes.length);
  });

  it("has today's places of supply: 36 states and UTs plus Other Territory, without 25, 28 and 99", () => {
    expect(INDIAN_STATES).toHaveLength(37);
    expect(INDIAN_STATES).toContainEqual({ code: "33", name: "Tamil Nadu" });
    expect(INDIAN_STATES).toContainEqual({ code: "01", name: "Jammu and Kashmir" });
    expect(INDIAN_STATES).toContainEqual({ code: "37", name: "Andhra Pradesh" });
    expect(INDIAN_STATES).toContainEqual({ code: "38", name: "Ladakh" });
    expect(INDIAN_STATES).toContainEqual({ code: "97", name: "Other Territory" });
    const codes = INDIAN_STATES.map((state) => state.code);
    for (const gone of ["25", "28", "99"]) expect(codes).not.toContain(gone);
  });
});

describe("stateByCode", () => {
  it("finds a state, maps old 25 to 26, and knows no 28 or 99", () => {
    expect(stateByCode("33")).toEqual({ code: "33", name: "Tamil Nadu" });
    expect(stateByCode("25")).toEqual({ code: "26", name: "Dadra and Nagar Haveli and Daman and Diu" });
    expect(stateByCode("28")).toBeUndefined();
    expect(stateByCode("99")).toBeUndefined();
    expect(stateByCode("3")).toBeUndefined();
  });
});

describe("stateCodeOfName", () => {
  it("knows every official name", () => {
    for (const { code, name } of INDIAN_STATES) expect(stateCodeOfName(name)).toBe(code);
  });

  it.each([
    ["Tamil Nadu", "33"],
    ["  tamil nadu ", "33"],
    ["TAMILNADU", "33"],
    ["Tamilnadu", "33"],
    ["Orissa", "21"],
    ["Odisha", "21"],
    ["Pondicherry", "34"],
    ["Puducherry", "34"],
    ["Delhi", "07"],
    ["New Delhi", "07"],
    ["NCT of Delhi", "07"],
    ["J&K", "01"],
    ["Jammu & Kashmir", "01"],
    ["Jammu and Kashmir", "01"],
    ["Dadra and Nagar Haveli and Daman and Diu", "26"],
    ["Dadra & Nagar Haveli & Daman & Diu", "26"],
    ["Daman and Diu", "26"],
    ["Dadra and Nagar Haveli", "26"],
    ["Uttaranchal", "05"],
    ["Chattisgarh", "22"],
    ["Andaman & Nicobar", "35"],
    ["Andhra Pradesh", "37"],
    ["Telangana", "36"],
    ["Ladakh", "38"],
    ["West Bengal", "19"],
    ["Maharashtra", "27"],
  ])("%j → %s", (name, code) => {
    expect(stateCodeOfName(name)).toBe(code);
  });

  it.each(["", "Atlantis", "Delhi NCR", "India", "Andhra"])("%j is unknown", (name) => {
    expect(stateCodeOfName(name)).toBeUndefined();
  });
});
