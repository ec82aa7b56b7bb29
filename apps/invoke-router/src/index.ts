// The door the standalone process composes this service through; main.ts is this app's own process.
export { InvokeRouterModule } from './invoke-router.module.js';
export { InvokeRouterService } from './invoke-router.service.js';
