import { runMain, startDistributedService } from '@backforge/runtime';
import { DownloadsModule } from './downloads.module.js';

// The downloads service in its own process: NATS, PostgreSQL, its configuration validated at boot.
runMain('downloads', () => startDistributedService('downloads', [DownloadsModule]));
