import { randomBytes } from 'node:crypto';

/** Digits, then upper, then lower case: the order GitHub's and most base62 codecs use. */
export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The largest multiple of 62 that fits in a byte: bytes at or above it are rejected so every character is uniform. */
const REJECT_FROM = 248;

/** `length` uniformly random base62 characters (log2(62) ≈ 5.954 bits each), from the OS CSPRNG. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    // A little more than needed: about 3% of bytes are rejected.
    const bytes = randomBytes(Math.ceil((length - out.length) * 1.1) + 4);
    for (const byte of bytes) {
      if (byte >= REJECT_FROM) continue;
      out += BASE62_ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** An unsigned 32-bit value as exactly `width` base62 digits, most significant first (62^6 > 2^32, so 6 suffices). */
export function uint32ToBase62(value: number, width: number): string {
  let n = value >>> 0;
  let out = '';
  for (let i = 0; i < width; i += 1) {
    out = BASE62_ALPHABET[n % 62]! + out;
    n = Math.floor(n / 62);
  }
  return out;
}

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/**
 * CRC-32 (IEEE 802.3, the zlib one) of a string's UTF-16 code units taken as bytes; callers pass
 * ASCII only. Chosen for the key checksum because it detects every error burst of up to 32 bits, so
 * any single-character typo and any swap of two neighbouring characters is refused, not just most.
 * (`zlib.crc32` would do, but exists only from Node 20.15.)
 */
export function crc32(ascii: string): number {
  let c = -1;
  for (let i = 0; i < ascii.length; i += 1) c = CRC_TABLE[(c ^ ascii.charCodeAt(i)) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * Strict base64url (no padding): only its alphabet, and canonical, so one value has exactly one
 * spelling (Node's decoder silently ignores stray characters and spare trailing bits). Undefined when not.
 */
export function decodeBase64Url(text: string): Buffer | undefined {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

export function encodeBase64Url(bytes: Uint8Array | string): string {
  return (typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes)).toString('base64url');
}
