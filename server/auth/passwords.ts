import { hash, verify } from "@node-rs/argon2";

/** argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane). `2` is Algorithm.Argon2id (a const enum). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** How many password verifications this process has run (the tests check a refused sign-in runs none). */
let verifications = 0;
export const passwordVerifications = () => verifications;

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  verifications++;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verified against when the username does not exist, so a wrong username costs the same time as a
 * wrong password and the response time does not reveal which usernames exist.
 */
let dummyHash: Promise<string> | null = null;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password-just-for-timing");
  await verifyPassword(await dummyHash, password);
}
