import { hash, verify, type Algorithm } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, t=2, p=1), OWASP's recommended minimum.
const OPTIONS = { algorithm: 2 as Algorithm };

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

/** A hash nobody's password matches, so an unknown number costs the same work as a known one. */
let dummy: Promise<string> | null = null;

export async function verifyPassword(stored: string | null, plain: string): Promise<boolean> {
  dummy ??= hash('no-such-user-placeholder', OPTIONS);
  const target = stored ?? (await dummy);
  try {
    const ok = await verify(target, plain);
    return ok && stored !== null;
  } catch {
    return false;
  }
}
