import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';
import { crc32, randomBase62, uint32ToBase62 } from './encoding.js';

/**
 * Platform tokens and agent API keys share one format (docs/decisions.md, "Auth"):
 *
 *     <type prefix><40 random base62 characters><6 base62 characters of CRC-32>
 *     bfp_… (platform token) | bfk_… (agent API key), 50 characters in all
 *
 * 40 random characters carry 238 bits. The display prefix (type + first 8 characters) and the last
 * four (inside the checksum) are shown in lists; what stays hidden is still above 160 bits. The CRC
 * covers type prefix and body, so a typo, a truncation or a key of the other type is refused by
 * `parse*` with no lookup and no I/O.
 */
export const PLATFORM_TOKEN_PREFIX = 'bfp_';
export const AGENT_KEY_PREFIX = 'bfk_';

const RANDOM_LENGTH = 40;
const CHECKSUM_LENGTH = 6;
const DISPLAY_LENGTH = 8;
/** Every token and key is exactly this long. */
export const SECRET_LENGTH = 4 + RANDOM_LENGTH + CHECKSUM_LENGTH;

const PLATFORM_TOKEN_SHAPE = /^bfp_[0-9A-Za-z]{46}$/;
const AGENT_KEY_SHAPE = /^bfk_[0-9A-Za-z]{46}$/;

/** What a person may see of a secret: in lists, logs and events. Never enough to use it. */
export interface SecretLabel {
  /** Type prefix and the first 8 random characters, e.g. `bfk_3fA9xQ2b`. */
  prefix: string;
  /** The last four characters of the raw value. */
  lastFour: string;
}

export interface IssuedPlatformToken extends SecretLabel {
  /** The raw token: shown once, then only its digest is kept. */
  token: string;
}

export interface IssuedAgentKey extends SecretLabel {
  /** The raw key: in the create (or rotate) response only, then only its digest is kept. */
  key: string;
}

/** Both refusals are answered the same way (401); the reason is for logs and tests. */
export type SecretRefusal = 'malformed' | 'bad_checksum';

export type ParsedSecret = ({ ok: true; value: string } & SecretLabel) | { ok: false; reason: SecretRefusal };

function issue(typePrefix: string): { value: string } & SecretLabel {
  const head = typePrefix + randomBase62(RANDOM_LENGTH);
  const value = head + checksumOf(head);
  return { value, ...labelOf(value, typePrefix) };
}

function checksumOf(head: string): string {
  return uint32ToBase62(crc32(head), CHECKSUM_LENGTH);
}

function labelOf(value: string, typePrefix: string): SecretLabel {
  return { prefix: value.slice(0, typePrefix.length + DISPLAY_LENGTH), lastFour: value.slice(-4) };
}

function parse(raw: unknown, typePrefix: string, shape: RegExp): ParsedSecret {
  // The length test first: a megabyte of garbage costs nothing more than a short string.
  if (typeof raw !== 'string' || raw.length !== SECRET_LENGTH || !shape.test(raw)) return { ok: false, reason: 'malformed' };
  const head = raw.slice(0, SECRET_LENGTH - CHECKSUM_LENGTH);
  if (checksumOf(head) !== raw.slice(SECRET_LENGTH - CHECKSUM_LENGTH)) return { ok: false, reason: 'bad_checksum' };
  return { ok: true, value: raw, ...labelOf(raw, typePrefix) };
}

/** A new platform token (`bfp_…`). The caller stores `digestSecret(token, key)`, `prefix` and `lastFour`. */
export function generatePlatformToken(): IssuedPlatformToken {
  const { value, ...label } = issue(PLATFORM_TOKEN_PREFIX);
  return { token: value, ...label };
}

/** A new agent API key (`bfk_…`). The caller stores `digestSecret(key, digestKey)`, `prefix` and `lastFour`. */
export function generateAgentKey(): IssuedAgentKey {
  const { value, ...label } = issue(AGENT_KEY_PREFIX);
  return { key: value, ...label };
}

/** Format and checksum of a presented platform token; no I/O. Anything but a well-formed `bfp_` token is refused. */
export function parsePlatformToken(raw: unknown): ParsedSecret {
  return parse(raw, PLATFORM_TOKEN_PREFIX, PLATFORM_TOKEN_SHAPE);
}

/** Format and checksum of a presented agent key; no I/O. Anything but a well-formed `bfk_` key is refused. */
export function parseAgentKey(raw: unknown): ParsedSecret {
  return parse(raw, AGENT_KEY_PREFIX, AGENT_KEY_SHAPE);
}

/** The server key for `digestSecret`: raw bytes (at least 32) or a KeyObject made from them. */
export type DigestKey = Buffer | KeyObject;

/**
 * The stored form of a token or key: HMAC-SHA256 under a server key (a keyed SHA-256). Lookup is by
 * this digest. Without the server key a stolen table cannot be checked against guesses; with the
 * key, guessing is still hopeless (≥ 160 random bits), which is why no slow password hash is needed.
 */
export function digestSecret(raw: string, key: DigestKey, encoding: 'hex' | 'base64url' = 'hex'): string {
  return createHmac('sha256', key).update(raw, 'utf8').digest(encoding);
}

/**
 * Constant-time equality of two secrets or digests. The time does not depend on where they differ;
 * a length mismatch answers false at once (lengths of digests are public: always 32 bytes).
 */
export function safeEqual(a: string | Uint8Array, b: string | Uint8Array): boolean {
  const x = typeof a === 'string' ? Buffer.from(a, 'utf8') : a;
  const y = typeof b === 'string' ? Buffer.from(b, 'utf8') : b;
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Longer than any header we accept; refused before any other work. */
const MAX_AUTHORIZATION_LENGTH = 4096;

/**
 * The credential of an `Authorization: Bearer <credential>` header (scheme case-insensitive, one
 * space or more, nothing after), or undefined. The credential is not checked here: `parse*` does that.
 */
export function bearerCredential(header: string | readonly string[] | undefined): string | undefined {
  if (typeof header !== 'string' || header.length > MAX_AUTHORIZATION_LENGTH) return undefined;
  const match = /^Bearer +([\x21-\x7e]+)$/i.exec(header);
  return match?.[1];
}
