import { IsBoolean, IsISO8601, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { subjectOf } from '../messaging/subjects.js';
import { NAME_LENGTH } from './generation.messages.js';
import { PageQuery } from './paging.js';
import { WorkspaceScoped, WORKSPACE_ID_PATTERN } from './workspace-scoped.js';

/** Longest grace period of a rotation: the old key keeps working at most a day. */
export const ROTATION_GRACE_SECONDS = { min: 0, max: 86_400, default: 0 } as const;

export const KEYS_SUBJECTS = {
  create: subjectOf('keys', 'api-keys.create'),
  list: subjectOf('keys', 'api-keys.list'),
  revoke: subjectOf('keys', 'api-keys.revoke'),
  rotate: subjectOf('keys', 'api-keys.rotate'),
  /** For the invoke-router: a presented raw key -> whose it is, or UNAUTHENTICATED. */
  verify: subjectOf('keys', 'verify'),
  /** From the invoke-router: a key was used (at most once a minute per key and router); sets lastUsedAt. */
  used: subjectOf('keys', 'api-keys.used'),
  /**
   * Fanned out to every invoke-router (a notification: no queue group) right after a revocation or
   * a rotation is appended, so routers refuse the key before their log subscription delivers the
   * event. Losing one only delays the refusal until the event arrives.
   */
  keyEnded: subjectOf('keys', 'notify.key-ended'),
} as const;

/** Appended as `ApiKeyUsed` at most once per this many ms per key, however many routers report. */
export const KEY_USAGE_RESOLUTION_MS = 60_000;

export class CreateApiKeyMessage extends WorkspaceScoped {
  @IsString()
  @MaxLength(100)
  agentId!: string;

  @IsString()
  @Length(NAME_LENGTH.min, NAME_LENGTH.max)
  name!: string;
}

export class ListApiKeysMessage extends PageQuery {
  @IsString()
  @Matches(WORKSPACE_ID_PATTERN)
  workspaceId!: string;

  @IsString()
  @MaxLength(100)
  agentId!: string;
}

export class RevokeApiKeyMessage extends WorkspaceScoped {
  @IsString()
  @MaxLength(100)
  agentId!: string;

  @IsString()
  @MaxLength(100)
  keyId!: string;
}

export class RotateApiKeyMessage extends RevokeApiKeyMessage {
  @IsOptional()
  @IsInt()
  @Min(ROTATION_GRACE_SECONDS.min)
  @Max(ROTATION_GRACE_SECONDS.max)
  gracePeriodSeconds?: number;
}

/** Not workspace-scoped: the key itself says whose it is. Bounded like an Authorization header. */
export class VerifyApiKeyMessage {
  @IsString()
  @MaxLength(4096)
  key!: string;
}

/** Not workspace-scoped: sent by the invoke-router, which knows the key only by its id. */
export class RecordApiKeyUseMessage {
  @IsString()
  @MaxLength(100)
  keyId!: string;

  @IsISO8601({ strict: true })
  usedAt!: string;
}

/** `backforge.keys.notify.key-ended`: the key is revoked, or (rotated) refused from `expiresAt`. */
export class KeyEndedNotification {
  @IsString()
  @MaxLength(100)
  keyId!: string;

  @IsOptional()
  @IsBoolean()
  revoked?: boolean;

  @IsOptional()
  @IsISO8601({ strict: true })
  expiresAt?: string;
}

/** A key as lists show it: never the raw key nor its digest. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  lastFour: string;
  /** `active`, `revoked`, or `expired` (rotated and past its grace period). */
  status: string;
  createdAt: string;
  revokedAt?: string;
  expiresAt?: string;
  lastUsedAt?: string;
}

/** The create answer: the only place the raw key ever appears. */
export interface CreatedApiKeyView {
  id: string;
  name: string;
  key: string;
  prefix: string;
  createdAt: string;
}

export interface RevokedApiKeyView {
  id: string;
  status: 'revoked';
  revokedAt: string;
}

/** The rotate answer: the new key (raw, once) and when the old one stops working. */
export interface RotatedApiKeyView extends CreatedApiKeyView {
  replaces: string;
  oldKeyExpiresAt: string;
}

export interface VerifiedApiKey {
  keyId: string;
  agentId: string;
  lineage: string;
}
