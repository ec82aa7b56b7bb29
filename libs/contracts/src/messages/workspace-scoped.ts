import { IsString, Matches } from 'class-validator';

/** Ids the platform mints: a kind prefix and hex (`agt_…`, `job_…`, `val_…`, `tok_…`). */
export const ID_PATTERN = /^[a-z]{2,4}_[0-9a-f]{24}$/;
export const WORKSPACE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * Every request between services names the caller's workspace: the gateway takes it from the
 * authenticated token, never from the client, and each service scopes every read and write to it.
 */
export class WorkspaceScoped {
  @IsString()
  @Matches(WORKSPACE_ID_PATTERN)
  workspaceId!: string;
}
