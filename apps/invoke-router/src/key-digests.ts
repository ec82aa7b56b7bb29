/**
 * Keyed digests of the agent keys the router's table accepted, by the credential as presented, so
 * that a key in use costs a map lookup instead of its checksum and an HMAC on every request (those
 * were ~8% of the router's busy time under load). Only a credential that passed the format and
 * checksum check and whose digest the key table held is remembered: a flood of unknown keys adds
 * nothing and pays the full check each time. A remembered digest still goes through the table on
 * every request (revocation, expiry, the constant-time compare), so forgetting or keeping one
 * never changes an answer. Bounded: past `max` the oldest entry goes.
 */
export class KeyDigests {
  private readonly known = new Map<string, string>();

  constructor(private readonly max = 10_000) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError('max must be a positive integer');
  }

  get(credential: string): string | undefined {
    return this.known.get(credential);
  }

  remember(credential: string, digest: string): void {
    if (this.known.has(credential)) return;
    if (this.known.size >= this.max) this.known.delete(this.known.keys().next().value as string);
    this.known.set(credential, digest);
  }

  get size(): number {
    return this.known.size;
  }
}
