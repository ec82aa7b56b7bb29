// The door the standalone process composes this service through; main.ts is this app's own process.
export { GatewayModule } from './gateway.module.js';
export { serveOpenApi, buildOpenApiDocument } from './openapi.js';
export { WorkspaceAdmin } from './workspace-admin.handler.js';
export type { IssuedPlatformTokenInfo, PlatformTokenListing, WorkspaceListing } from './workspace-admin.handler.js';
