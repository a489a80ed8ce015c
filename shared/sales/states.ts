// Indian states and union territories with their GST state codes: the first two digits of a GSTIN and the
// place-of-supply code on invoices (GSTN's state code list).
//
// Decisions:
// - INDIAN_STATES lists today's places of supply, the choices of a state <select>: 01 … 38 and 97 Other
//   Territory, without 25 and 28.
// - 25 Daman and Diu merged into 26 (Dadra and Nagar Haveli and Daman and Diu) on 26 January 2020. GSTINs
//   starting 25 were issued before then, so stateByCode("25") still answers, with the merged UT (code 26):
//   the place of supply of such a buyer today.
// - 28 was Andhra Pradesh before the 2014 division; GST (2017) gave Andhra Pradesh 37, so no GSTIN starts 28.
// - 99 Centre Jurisdiction is a GSTIN prefix for registrations such as foreign online service suppliers;
//   it is no state, so it is not in the list and stateByCode("99") is undefined (checkGstin says so).

export interface IndianState {
  /** Two digits, e.g. "33". */
  code: string;
  name: string;
}

export const INDIAN_STATES: readonly IndianState[] = Object.freeze(
  [
    ["01", "Jammu and Kashmir"],
    ["02", "Himachal Pradesh"],
    ["03", "Punjab"],
    ["04", "Chandigarh"],
    ["05", "Uttarakhand"],
    ["06", "Haryana"],
    ["07", "Delhi"],
    ["08", "Rajasthan"],
    ["09", "Uttar Pradesh"],
    ["10", "Bihar"],
    ["11", "Sikkim"],
    ["12", "Arunachal Pradesh"],
    ["13", "Nagaland"],
    ["14", "Manipur"],
    ["15", "Mizoram"],
    ["16", "Tripura"],
    ["17", "Meghalaya"],
    ["18", "Assam"],
    ["19", "West Bengal"],
    ["20", "Jharkhand"],
    ["21", "Odisha"],
    ["22", "Chhattisgarh"],
    ["23", "Madhya Pradesh"],
    ["24", "Gujarat"],
    ["26", "Dadra and Nagar Haveli and Daman and Diu"],
    ["27", "Maharashtra"],
    ["29", "Karnataka"],
    ["30", "Goa"],
    ["31", "Lakshadweep"],
    ["32", "Kerala"],
    ["33", "Tamil Nadu"],
    ["34", "Puducherry"],
    ["35", "Andaman and Nicobar Islands"],
    ["36", "Telangana"],
    ["37", "Andhra Pradesh"],
    ["38", "Ladakh"],
    ["97", "Other Territory"],
  ].map(([code, name]) => Object.freeze({ code: code!, name: name! })),
);

/** Codes no longer in the list that old GSTINs still carry → the code that replaced them. */
const MERGED_CODES: Readonly<Record<string, string>> = { "25": "26" };

const STATE_OF_CODE = new Map(INDIAN_STATES.map((state) => [state.code, state]));

/** The state for a two-digit GST code ("25" answers the merged UT 26); undefined if none. */
export function stateByCode(code: string): IndianState | undefined {
  const trimmed = code.trim();
  return STATE_OF_CODE.get(MERGED_CODES[trimmed] ?? trimmed);
}

// Spellings seen in free text (IndiaMART's SENDER_STATE, old records) beside the official names. Compared as
// name keys (see nameKey), so case, spaces, "&" and "and" need no variants here. Not "Delhi NCR": the NCR
// spans Haryana and Uttar Pradesh too.
const OTHER_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  "01": ["J&K", "JK", "Jammu", "Kashmir"],
  "02": ["HP"],
  "05": ["Uttaranchal", "Uttrakhand", "Uttarkhand"],
  "07": ["New Delhi", "NCT of Delhi", "National Capital Territory of Delhi"],
  "09": ["UP"],
  "19": ["WB"],
  "21": ["Orissa"],
  "22": ["Chattisgarh", "Chhatisgarh", "Chattishgarh"],
  "23": ["MP"],
  "26": ["Daman and Diu", "Dadra and Nagar Haveli", "DNH and DD"],
  "27": ["Maharastra"],
  "29": ["Karnatka"],
  "33": ["TN", "Tamilnad"],
  "34": ["Pondicherry", "Pondichery", "Puduchery"],
  "35": ["Andaman and Nicobar", "Andaman"],
  "36": ["Telengana", "TS", "TG"],
  "37": ["AP"],
};

/** "Jammu & Kashmir" → "jammukashmir", " Tamil Nadu " → "tamilnadu": case, spacing, punctuation and "and" dropped. */
function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, " and ")
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "" && word !== "and")
    .join("");
}

const CODE_OF_NAME_KEY = new Map<string, string>([
  ...INDIAN_STATES.map((state): [string, string] => [nameKey(state.name), state.code]),
  ...Object.entries(OTHER_SPELLINGS).flatMap(([code, names]) => names.map((name): [string, string] => [nameKey(name), code])),
]);

/** The GST code of a state written in words ("Tamilnadu", "Orissa", "J&K", "New Delhi"); undefined if unknown. */
export function stateCodeOfName(name: string): string | undefined {
  return CODE_OF_NAME_KEY.get(nameKey(name));
}
