import { randomBytes } from 'node:crypto';
import { randomBase62 } from './encoding.js';

/**
 * The keys that sign download and stream tokens. Tokens are signed with `active` and verified with
 * whichever listed key their `kid` names, so a key can be rotated without cutting live links:
 * put the new key first, keep the old one listed for the longest token lifetime, then remove it.
 */
export interface Keyring {
  readonly active: string;
  /** kid -> secret (at least 32 bytes). Read with own-property checks only. */
  readonly keys: Readonly<Record<string, Buffer>>;
}

/** A setting that cannot be used as it is; the message names the problem and never holds a secret. */
export class AuthConfigError extends Error {
  override name = 'AuthConfigError';
}

/** 256 bits: the HMAC-SHA256 block size guidance (RFC 2104, RFC 7518 §3.2) and more than any guess can reach. */
export const MIN_SECRET_BYTES = 32;

/** A kid: short, printable, safe in a JSON header and a log line; starts with a letter or digit. */
const KID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]+|[A-Za-z0-9_-]+)={0,2}$/;

/**
 * Reads a keyring setting: `kid1:base64secret,kid2:base64secret`; the first entry is the active one.
 * Secrets are base64 or base64url (padding optional), at least 32 bytes decoded. Whitespace around
 * entries is ignored. Throws AuthConfigError naming the entry and what is wrong with it.
 */
export function parseKeyring(spec: string): Keyring {
  if (spec.trim() === '') throw new AuthConfigError('signing keyring is empty: expected kid:base64secret[,kid:base64secret...]');
  const entries = spec.split(',').map((e) => e.trim());
  const keys: Record<string, Buffer> = Object.create(null) as Record<string, Buffer>;
  let active: string | undefined;
  entries.forEach((entry, index) => {
    const where = `signing keyring entry ${index + 1}`;
    if (entry === '') throw new AuthConfigError(`${where} is empty (a stray comma?)`);
    const colon = entry.indexOf(':');
    if (colon < 0) throw new AuthConfigError(`${where} is not in the form kid:base64secret (no ':')`);
    const kid = entry.slice(0, colon).trim();
    if (!KID.test(kid)) {
      throw new AuthConfigError(`${where}: the kid must be 1-64 characters of A-Z a-z 0-9 . _ - starting with a letter or digit`);
    }
    if (Object.hasOwn(keys, kid)) throw new AuthConfigError(`${where}: the kid "${kid}" is listed twice`);
    keys[kid] = decodeSecret(entry.slice(colon + 1).trim(), `${where} ("${kid}")`);
    active ??= kid;
  });
  return { active: active!, keys };
}

/**
 * Reads the server key of `digestSecret` (base64 or base64url, at least 32 bytes decoded).
 * Throws AuthConfigError naming `name` (the setting) and the problem.
 */
export function parseSecretKey(spec: string, name = 'secret key'): Buffer {
  return decodeSecret(spec.trim(), name);
}

function decodeSecret(text: string, where: string): Buffer {
  if (text === '') throw new AuthConfigError(`${where}: the secret is empty`);
  if (!BASE64.test(text)) throw new AuthConfigError(`${where}: the secret is not base64 or base64url`);
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  // Reject spellings Node would decode leniently (a stray `=`, a dangling character).
  if (bytes.toString('base64').replace(/=+$/, '') !== text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '')) {
    throw new AuthConfigError(`${where}: the secret is not valid base64 (bad length or padding)`);
  }
  if (bytes.length < MIN_SECRET_BYTES) {
    throw new AuthConfigError(`${where}: the secret is ${bytes.length} bytes; at least ${MIN_SECRET_BYTES} are required`);
  }
  return bytes;
}

/** A fresh 32-byte secret, base64url: for `parseSecretKey` and keyring entries. */
export function generateSecret(): string {
  return randomBytes(MIN_SECRET_BYTES).toString('base64url');
}

/**
 * A keyring setting with one fresh key, for a standalone first start (store it with the data, since
 * links signed before a restart must keep working): `<kid>:<base64url secret>`. The default kid is
 * the date and a random suffix, so an operator can tell keys apart and prepend a new one later.
 */
export function generateKeyringSpec(kid?: string, now: Date = new Date()): string {
  const id = kid ?? `k${now.toISOString().slice(0, 10).replace(/-/g, '')}${randomBase62(4)}`;
  if (!KID.test(id)) throw new AuthConfigError(`the kid "${id}" must be 1-64 characters of A-Z a-z 0-9 . _ - starting with a letter or digit`);
  return `${id}:${generateSecret()}`;
}

/** The secret of a listed kid, or undefined: never an inherited property, whatever the kid. */
export function keyOf(keyring: Keyring, kid: string): Buffer | undefined {
  return Object.hasOwn(keyring.keys, kid) ? keyring.keys[kid] : undefined;
}
