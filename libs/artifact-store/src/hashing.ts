import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

export const SHA256_HEX = /^[0-9a-f]{64}$/;

export function sha256Of(buffer: Buffer): string {
  return createHash('sha256').update(buffer).digest('hex');
}

/** A pass-through that hashes and counts what flows through it; read `sha256`/`size` after 'finish'. */
export class HashingPassThrough extends Transform {
  private readonly hash = createHash('sha256');
  size = 0;
  private digest: string | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.digest = this.hash.digest('hex');
    callback();
  }

  get sha256(): string {
    if (this.digest === undefined) throw new Error('sha256 read before the stream ended');
    return this.digest;
  }
}
