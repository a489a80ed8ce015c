/**
 * Record ids: 24 lowercase hex characters (4 bytes of seconds + 8 random bytes), the same shape as the
 * older system's ids, so existing links keep their look. Opaque to clients.
 */
export function newId(): string {
  const time = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0");
  const random = crypto.getRandomValues(new Uint8Array(8));
  return time + Array.from(random, (b) => b.toString(16).padStart(2, "0")).join("");
}

const ID_PATTERN = /^[0-9a-f]{24}$/;

/** A malformed id can never match a record; callers answer 404 without asking the database. */
export function isId(value: string): boolean {
  return ID_PATTERN.test(value);
}
