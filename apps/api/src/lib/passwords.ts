import { hash, verify } from '@node-rs/argon2';
import { fieldError } from './errors.ts';

// argon2id with OWASP's suggested minimum (19 MiB, 2 passes, 1 lane); algorithm 2 is argon2id.
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the time of a real verification when there is no user to check, so an unknown identifier answers
 * in the same time as a wrong password.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  await verifyPassword(await dummyHash, password);
  return false;
}

let commonPasswords: Promise<ReadonlySet<string>> | undefined;
/**
 * The 49,000 most common passwords of zxcvbn's "passwords-common" list (MIT; from breach corpora, all lower
 * case), loaded on first use so the server does not hold it until someone chooses a password.
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return commonPasswords;
}

/**
 * True when a new password is one of the most common passwords, in any letter case (`Password1`,
 * `WELCOME1` and `qwerty123` all are). Every path that sets a new password calls this, through
 * `assertNewPasswordAllowed`.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/** Every new password passes here: one of the most common passwords is a 400 on its field. */
export async function assertNewPasswordAllowed(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) throw fieldError('password_common', field);
}
