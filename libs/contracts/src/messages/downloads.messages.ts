import { IsString, Matches, MaxLength } from 'class-validator';
import type { ArtifactRef } from '../events/generation/generation.events.js';
import { subjectOf } from '../messaging/subjects.js';
import { WorkspaceScoped } from './workspace-scoped.js';

export const DOWNLOADS_SUBJECTS = {
  /** Which stored file a requested name means (`latest`, an alias, an exact name), or NOT_FOUND. */
  resolve: subjectOf('downloads', 'resolve'),
  /** The agent's stored files, newest version first. */
  list: subjectOf('downloads', 'list'),
} as const;

/** The newest version's project archive. */
export const LATEST_DOWNLOAD = 'latest';

/** Names a user asks for without knowing the version: the newest version's file of that kind. */
export const DOWNLOAD_ALIASES = {
  'openapi.json': 'openapi',
  'backforge.blueprint.json': 'blueprint',
  'validation-report.json': 'report',
} as const satisfies Record<string, ArtifactRef['kind']>;

/** A requested file name: `latest`, an alias or a stored name (never a path). */
export const DOWNLOAD_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export class ResolveDownloadMessage extends WorkspaceScoped {
  @IsString()
  @MaxLength(100)
  agentId!: string;

  @IsString()
  @Matches(DOWNLOAD_NAME_PATTERN, { message: 'filename must be latest, an alias or a stored file name' })
  filename!: string;
}

export class ListDownloadsMessage extends WorkspaceScoped {
  @IsString()
  @MaxLength(100)
  agentId!: string;
}

/** The stored file a download serves. */
export interface ResolvedDownload {
  agentId: string;
  /** The stored name (the artifact store's key). */
  filename: string;
  /** The name the client saves it under (Content-Disposition). */
  downloadName: string;
  size: number;
  sha256: string;
  contentType: string;
}

export interface DownloadFileView extends ArtifactRef {
  version: number;
}

export interface ListDownloadsReply {
  agentId: string;
  items: DownloadFileView[];
}
