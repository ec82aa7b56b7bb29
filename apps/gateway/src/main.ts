import { runMain, startDistributedService } from '@backforge/runtime';
import { GatewayModule } from './gateway.module.js';
import { serveOpenApi } from './openapi.js';

// The gateway service in its own process: NATS, PostgreSQL, its configuration validated at boot.
runMain('gateway', () => startDistributedService('gateway', [GatewayModule], process.env, serveOpenApi));
