/**
 * Stream names (DESIGN §4): `<kind>-<id>`. One function per kind so no service spells a name by hand;
 * the prefixes are what projections filter on.
 */
export const STREAM_PREFIX = {
  workspace: 'workspace-',
  agent: 'agent-',
  slug: 'slug-',
  generation: 'generation-',
  validation: 'validation-',
  deployment: 'deployment-',
  apikey: 'apikey-',
} as const;

export type StreamKind = keyof typeof STREAM_PREFIX;

export function streamName(kind: StreamKind, id: string): string {
  return `${STREAM_PREFIX[kind]}${id}`;
}

/** The id part of a stream name of that kind, or undefined. */
export function idOfStream(kind: StreamKind, name: string): string | undefined {
  const prefix = STREAM_PREFIX[kind];
  return name.startsWith(prefix) ? name.slice(prefix.length) : undefined;
}
