import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

/** `?limit=` (1-100, default 20) and `?cursor=` of every list of the control API. */
export const PAGE_LIMIT = { min: 1, max: 100, default: 20 } as const;

/** An opaque cursor: what the previous page's `nextCursor` said. */
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

export class PageQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(PAGE_LIMIT.min)
  @Max(PAGE_LIMIT.max)
  limit?: number;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(CURSOR_PATTERN, { message: 'cursor must be a value from a previous page\'s nextCursor' })
  cursor?: string;
}

/** A page of a list: `{"items": [...], "nextCursor": <string|null>}`. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Cursors carry the last row's sort key, base64url-encoded so clients treat them as opaque. */
export function encodeCursor(key: string): string {
  return Buffer.from(key, 'utf8').toString('base64url');
}

/** The sort key in a cursor, or undefined when it is not one of ours. */
export function decodeCursor(cursor: string, valid: RegExp): string | undefined {
  const key = Buffer.from(cursor, 'base64url').toString('utf8');
  return valid.test(key) ? key : undefined;
}
