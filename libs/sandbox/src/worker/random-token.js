// @ts-check
import { randomBytes } from 'node:crypto';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const MAX_TOKEN_LENGTH = 4096;

/** A random token of letters and digits for an isolate (it has no randomness of its own to trust). */
/** @param {number} length */
export function randomToken(length) {
  const n = Math.max(0, Math.min(MAX_TOKEN_LENGTH, Math.floor(Number(length) || 0)));
  let out = '';
  // Rejection sampling keeps every character equally likely: bytes >= 248 (4 * 62) are skipped.
  while (out.length < n) {
    for (const byte of randomBytes(n - out.length + 8)) {
      if (byte < 248 && out.length < n) out += TOKEN_ALPHABET[byte % 62];
    }
  }
  return out;
}
