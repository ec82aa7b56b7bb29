import { DOWNLOAD_ALIASES, LATEST_DOWNLOAD, type ArtifactRef } from '@backforge/contracts';

/** A stored file of one agent version. */
export interface StoredFile extends ArtifactRef {
  version: number;
}

/** Which stored file a requested name means, and the name the client saves it under. */
export interface ResolvedName {
  file: StoredFile;
  downloadName: string;
}

/**
 * The names a user can ask for (pure; the service feeds it the agent's stored files):
 * `latest` is the newest version's project archive; an alias (`openapi.json`,
 * `backforge.blueprint.json`, `validation-report.json`) the newest version's file of that kind,
 * saved under the alias; anything else must be an exact stored name. Undefined: no such file.
 */
export function resolveDownloadName(files: readonly StoredFile[], requested: string): ResolvedName | undefined {
  const kind: ArtifactRef['kind'] | undefined = requested === LATEST_DOWNLOAD ? 'project' : aliasKind(requested);
  if (kind === undefined) {
    const exact = files.find((f) => f.filename === requested);
    return exact ? { file: exact, downloadName: exact.filename } : undefined;
  }
  const newest = files.filter((f) => f.kind === kind).reduce<StoredFile | undefined>((best, f) => (best === undefined || f.version > best.version ? f : best), undefined);
  if (!newest) return undefined;
  return { file: newest, downloadName: requested === LATEST_DOWNLOAD ? newest.filename : requested };
}

function aliasKind(name: string): ArtifactRef['kind'] | undefined {
  return Object.prototype.hasOwnProperty.call(DOWNLOAD_ALIASES, name) ? DOWNLOAD_ALIASES[name as keyof typeof DOWNLOAD_ALIASES] : undefined;
}
