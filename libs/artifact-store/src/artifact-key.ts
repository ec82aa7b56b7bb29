import { InvalidArtifactKeyError } from './errors.js';

/** Where an artifact lives: under its agent, by file name. Both parts are plain names, never paths. */
export interface ArtifactKey {
  agentId: string;
  filename: string;
}

/**
 * A plain name: starts with a letter or digit (so never `.`/`..`, a hidden or temp file, or an
 * absolute path), then letters, digits, `.`, `_`, `-`; at most 128 characters. No separators, so
 * the key maps 1:1 onto `<agentId>/<filename>` in a folder or a bucket.
 */
export const ARTIFACT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

function checkPart(part: 'agentId' | 'filename', value: unknown): string {
  if (typeof value !== 'string') throw new InvalidArtifactKeyError(part, value, 'must be a string');
  if (!ARTIFACT_NAME_PATTERN.test(value)) {
    throw new InvalidArtifactKeyError(part, value, `must match ${ARTIFACT_NAME_PATTERN.source}`);
  }
  // `..` inside a name is harmless on its own but is what traversal looks like; refuse it outright.
  if (value.includes('..')) throw new InvalidArtifactKeyError(part, value, 'must not contain ".."');
  return value;
}

/** Returns a fresh, validated copy of the key, or throws InvalidArtifactKeyError. */
export function validateArtifactKey(key: unknown): ArtifactKey {
  if (typeof key !== 'object' || key === null) throw new InvalidArtifactKeyError('agentId', key, 'the key must be an object');
  const { agentId, filename } = key as Record<string, unknown>;
  return { agentId: checkPart('agentId', agentId), filename: checkPart('filename', filename) };
}

export function validateAgentId(agentId: unknown): string {
  return checkPart('agentId', agentId);
}

export function isValidArtifactKey(key: unknown): key is ArtifactKey {
  try {
    validateArtifactKey(key);
    return true;
  } catch {
    return false;
  }
}
