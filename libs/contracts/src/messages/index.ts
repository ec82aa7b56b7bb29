// Messages between services: subjects, payload classes (validated with class-validator on every
// transport) and the views they answer with.
export { PageQuery, PAGE_LIMIT, CURSOR_PATTERN, encodeCursor, decodeCursor } from './paging.js';
export type { Page } from './paging.js';
export { WorkspaceScoped, ID_PATTERN, WORKSPACE_ID_PATTERN } from './workspace-scoped.js';
export * from './generation.messages.js';
export * from './validation.messages.js';
export * from './downloads.messages.js';
export * from './keys.messages.js';
export * from './deploy.messages.js';
export * from './invoke-router.messages.js';
