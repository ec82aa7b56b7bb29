/** Every control-API response wraps its content in a top-level `data` object (spec §1.6). */
export interface Envelope<T> {
  data: T;
}

export function envelope<T>(data: T): Envelope<T> {
  return { data };
}
