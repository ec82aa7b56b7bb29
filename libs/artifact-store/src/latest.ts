import { ARTIFACT_NAME_PATTERN } from './artifact-key.js';
import { InvalidArtifactKeyError } from './errors.js';

/**
 * File-name convention of versioned artifacts: `<slug>-v<version>.<extension>`, e.g.
 * `todo-api-v3.tar.gz` or `todo-api-v1.2.0.bundle.js`. The version is dotted decimal numbers,
 * compared numerically part by part (so v10 > v9, v1.10 > v1.9, v2 = v2.0).
 */
const VERSIONED = /^(?<slug>[A-Za-z0-9][A-Za-z0-9_-]*?)-v(?<version>\d{1,9}(?:\.\d{1,9})*)\.(?<extension>[A-Za-z0-9][A-Za-z0-9.]*)$/;

export interface ArtifactFilenameParts {
  slug: string;
  version: string;
  extension: string;
}

/** `artifactFilename('todo-api', 3)` is `todo-api-v3.tar.gz`. Throws InvalidArtifactKeyError on a bad part. */
export function artifactFilename(slug: string, version: number | string, extension = 'tar.gz'): string {
  const filename = `${slug}-v${String(version)}.${extension}`;
  const parts = parseArtifactFilename(filename);
  if (!parts || parts.slug !== slug || parts.version !== String(version) || parts.extension !== extension || !ARTIFACT_NAME_PATTERN.test(filename)) {
    throw new InvalidArtifactKeyError('filename', filename, 'must be <slug>-v<digits[.digits]*>.<extension> and a valid artifact name');
  }
  return filename;
}

/** The parts of a conventional file name, or undefined for any other name. */
export function parseArtifactFilename(filename: string): ArtifactFilenameParts | undefined {
  const groups = VERSIONED.exec(filename)?.groups;
  if (!groups || filename.includes('..')) return undefined;
  const { slug, version, extension } = groups;
  if (slug === undefined || version === undefined || extension === undefined) return undefined;
  return { slug, version, extension };
}

/** Negative when a < b. Missing trailing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The newest artifact by the version in its file name; undefined when none follows the convention.
 * `extension` narrows the candidates (e.g. 'tar.gz' for the project archive). Ties on version go to
 * the later `storedAt`, then the greater file name, so the answer never depends on input order.
 */
export function latestOf<T extends { filename: string; storedAt: Date }>(artifacts: readonly T[], options: { extension?: string } = {}): T | undefined {
  let best: { artifact: T; version: string } | undefined;
  for (const artifact of artifacts) {
    const parts = parseArtifactFilename(artifact.filename);
    if (!parts || (options.extension !== undefined && parts.extension !== options.extension)) continue;
    if (!best) {
      best = { artifact, version: parts.version };
      continue;
    }
    const byVersion = compareVersions(parts.version, best.version);
    const byTime = artifact.storedAt.getTime() - best.artifact.storedAt.getTime();
    const newer = byVersion !== 0 ? byVersion > 0 : byTime !== 0 ? byTime > 0 : artifact.filename > best.artifact.filename;
    if (newer) best = { artifact, version: parts.version };
  }
  return best?.artifact;
}
