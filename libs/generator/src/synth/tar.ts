import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * A deterministic .tar.gz (POSIX ustar): entries in the given order, fixed mode/owner/mtime, and a
 * gzip header with no name and no time, so the same files always give the same bytes.
 */
const FIXED_MTIME = 946684800; // 2000-01-01T00:00:00Z: a fixed date many tools accept
const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function splitName(name: string): { name: string; prefix: string } {
  const bytes = Buffer.byteLength(name);
  if (bytes <= 100) return { name, prefix: '' };
  const cut = name.lastIndexOf('/', 155);
  if (cut > 0 && Buffer.byteLength(name.slice(cut + 1)) <= 100 && Buffer.byteLength(name.slice(0, cut)) <= 155) {
    return { name: name.slice(cut + 1), prefix: name.slice(0, cut) };
  }
  throw new Error(`path too long for a tar entry: ${name}`);
}

function header(entryName: string, size: number, type: '0' | '5'): Buffer {
  const block = Buffer.alloc(BLOCK, 0);
  const { name, prefix } = splitName(entryName);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(type === '5' ? 0o755 : 0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(FIXED_MTIME, 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

export function tarGz(root: string, files: ReadonlyArray<{ path: string; content: string }>): Buffer {
  const parts: Buffer[] = [];
  const dirs = new Set<string>([root]);
  for (const file of files) {
    const segments = file.path.split('/');
    for (let i = 1; i < segments.length; i++) dirs.add(`${root}/${segments.slice(0, i).join('/')}`);
  }
  for (const dir of [...dirs].sort()) parts.push(header(`${dir}/`, 0, '5'));
  for (const file of files) {
    const data = Buffer.from(file.content, 'utf8');
    parts.push(header(`${root}/${file.path}`, data.length, '0'), data, Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK, 0));
  }
  parts.push(Buffer.alloc(BLOCK * 2, 0));
  const gz = gzipSync(Buffer.concat(parts), { level: 9 });
  // Byte 9 of the gzip header names the OS; pin it so archives match across platforms.
  gz[9] = 3;
  return gz;
}

export class ArchiveError extends Error {
  override readonly name = 'ArchiveError';
}

/** Largest unpacked archive accepted (a generated project is well under a megabyte). */
export const MAX_UNPACKED_BYTES = 32 * 1024 * 1024;

/**
 * Reads an archive made by {@link tarGz} (or any plain ustar .tar.gz of regular files and folders under
 * one root folder). Links, devices and paths that leave the root are refused.
 */
export function untarGz(archive: Buffer): { root: string; files: { path: string; content: string }[] } {
  let tar: Buffer;
  try {
    tar = gunzipSync(archive, { maxOutputLength: MAX_UNPACKED_BYTES });
  } catch (error) {
    throw new ArchiveError(`not a readable .tar.gz: ${error instanceof Error ? error.message : String(error)}`);
  }
  const files: { path: string; content: string }[] = [];
  let root: string | undefined;
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const block = tar.subarray(offset, offset + BLOCK);
    if (block.every((b) => b === 0)) break;
    const text = (start: number, length: number) => block.subarray(start, start + length).toString('utf8').replace(/\0[\s\S]*$/, '');
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
    if (parseInt(text(148, 8).trim(), 8) !== sum) throw new ArchiveError('bad tar header checksum');
    const prefix = text(345, 155);
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const type = text(156, 1) || '0';
    if (!Number.isSafeInteger(size) || size < 0 || offset + BLOCK + size > tar.length) throw new ArchiveError(`bad size for ${name}`);
    const [top, ...rest] = name.replace(/\/$/, '').split('/');
    if (!top || name.startsWith('/') || name.split('/').some((s) => s === '..')) throw new ArchiveError(`unsafe path ${name}`);
    if (root !== undefined && top !== root) throw new ArchiveError('the archive has more than one root folder');
    root = top;
    if (type === '0') {
      if (rest.length === 0) throw new ArchiveError(`a file at the root: ${name}`);
      files.push({ path: rest.join('/'), content: tar.subarray(offset + BLOCK, offset + BLOCK + size).toString('utf8') });
    } else if (type !== '5') {
      throw new ArchiveError(`unsupported tar entry type '${type}' for ${name}`);
    }
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  if (root === undefined) throw new ArchiveError('empty archive');
  return { root, files };
}
