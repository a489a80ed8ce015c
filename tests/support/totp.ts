import { createHmac } from "node:crypto";

/**
 * RFC 6238 TOTP written out here (HMAC-SHA-1, 30-second steps), independent of the library the server
 * uses, so the tests compute the codes a phone app would show.
 */
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/=+$/, "").toUpperCase()) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code for a time step (RFC 4226 §5.3 dynamic truncation). */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, "0");
}

export const currentStep = (now = Date.now()) => Math.floor(now / 1000 / 30);

/** The code an authenticator app shows for `secret` (base32) at step `step` (default: now). */
export function totp(secret: string, step = currentStep()): string {
  return hotp(base32Decode(secret), step);
}

/** A 6-digit code that is not the app's code of any step the server could accept now. */
export function wrongCode(secret: string): string {
  const now = currentStep();
  const valid = new Set(Array.from({ length: 7 }, (_, i) => totp(secret, now - 3 + i)));
  for (let n = 123_456; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}
