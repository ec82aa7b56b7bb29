import { gzipSync } from 'node:zlib';

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
