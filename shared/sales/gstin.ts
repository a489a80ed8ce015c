// GSTIN (GST identification number) checks, with messages a sales engineer can act on.
// Layout of the 15 characters: 2-digit state code, the holder's 10-character PAN, the entity number for that
// PAN in the state (1-9, then A-Z), a letter or digit that is Z today, and a check character.
import { z } from "zod";
import { stateByCode } from "./states";

export type GstinCheck =
  | {
      ok: true;
      /** Normalised: spaces removed, upper case. */
      gstin: string;
      /** Place-of-supply code: the GSTIN's first two digits, except old 25 (Daman and Diu) answers 26. */
      stateCode: string;
      /** The state's name, as in INDIAN_STATES. */
      state: string;
      pan: string;
    }
  | { ok: false; message: string };

const CHECK_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const PAN_SHAPE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const CENTRE_JURISDICTION = "99";

/**
 * The check character (15th) for a GSTIN's first 14 characters, by GSTN's mod-36 scheme: each character's value
 * (0-9, A-Z → 0..35) times 1 or 2 alternately from the first, the product's base-36 digits summed,
 * and the check is what brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  const upper = first14.toUpperCase();
  if (!/^[0-9A-Z]{14}$/.test(upper)) throw new Error("gstinCheckCharacter needs 14 letters or digits.");
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHECK_ALPHABET.indexOf(upper[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHECK_ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** Checks a GSTIN as typed (any case, spaces allowed) and reads its state and PAN. */
export function checkGstin(value: string): GstinCheck {
  const gstin = value.replace(/\s+/g, "").toUpperCase();
  const fail = (message: string): GstinCheck => ({ ok: false, message });

  if (gstin.length !== 15) return fail("GSTIN must be 15 characters.");
  if (!/^[0-9A-Z]+$/.test(gstin)) return fail("GSTIN may contain only letters and digits.");
  const code = gstin.slice(0, 2);
  if (!/^[0-9]{2}$/.test(code)) return fail("GSTIN must start with a two-digit state code.");
  if (code === CENTRE_JURISDICTION) return fail("GSTIN's state code 99 is the Centre Jurisdiction, not an Indian state.");
  const state = stateByCode(code);
  if (!state) return fail(`GSTIN's state code ${code} is not an Indian state.`);
  const pan = gstin.slice(2, 12);
  if (!PAN_SHAPE.test(pan)) return fail("GSTIN's characters 3 to 12 must be a PAN (five letters, four digits, one letter).");
  if (gstin[12] === "0") return fail("GSTIN's 13th character must be a digit from 1 to 9 or a letter.");
  // The 14th is any letter or digit (already checked); GSTN issues Z today but keeps the position open.
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return fail("GSTIN's last character does not match: check for a typing mistake.");
  }
  return { ok: true, gstin, stateCode: state.code, state: state.name, pan };
}

/** A GSTIN field that may be left empty: "" or the checked GSTIN in capitals, else checkGstin's message. */
export const optionalGstin = z
  .string({ error: "GSTIN must be text." })
  .default("")
  .transform((v, ctx) => {
    if (v.trim() === "") return "";
    const checked = checkGstin(v);
    if (checked.ok) return checked.gstin;
    ctx.addIssue({ code: "custom", message: checked.message });
    return z.NEVER;
  });
