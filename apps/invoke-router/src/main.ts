import { runMain, startDistributedService } from '@backforge/runtime';
import { InvokeRouterModule } from './invoke-router.module.js';

// The invoke-router service in its own process: NATS, PostgreSQL, its configuration validated at boot.
runMain('invoke-router', () => startDistributedService('invoke-router', [InvokeRouterModule]));
