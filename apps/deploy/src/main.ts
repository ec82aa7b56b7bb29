import { runMain, startDistributedService } from '@backforge/runtime';
import { DeployModule } from './deploy.module.js';

// The deploy service in its own process: NATS, PostgreSQL, its configuration validated at boot.
runMain('deploy', () => startDistributedService('deploy', [DeployModule]));
