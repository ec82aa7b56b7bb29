import { Inject, Injectable, type OnApplicationShutdown, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { artifactStoreConfigFromSettings, createArtifactStore, type ArtifactStore } from '@backforge/artifact-store';
import { parseSecretKey } from '@backforge/auth';
import type { ServiceConfig } from '@backforge/config';
import { INVOKE_ROUTER_SUBJECTS, KEYS_SUBJECTS, type DeployedNotification, type KeyEndedNotification, type KeyRefusedNotice } from '@backforge/contracts';
import type { EventStore } from '@backforge/event-store';
import { MessagingClient } from '@backforge/messaging';
import { DATABASE_URL, EVENT_STORE, HealthRegistry, INSTANCE_ID, LOGGER, SERVICE_CONFIG, type Logger } from '@backforge/runtime';
import { LazySandbox, PostgresStoreBridge } from '@backforge/sandbox';
import type { FastifyInstance } from 'fastify';
import { BackendRunner } from './backends.js';
import { InvokeTablesFeed } from './invoke-tables.projection.js';
import { InvokeFastPath } from './invoke-fast-path.js';
import { InvokeHandler } from './invoke.handler.js';
import { mountInvokeRoute } from './invoke-route.js';
import { KeyUsage } from './key-usage.js';
import { TokenBuckets } from './token-bucket.js';

/** The invoke-router's slice of the configuration (the standalone configuration has it too). */
export type InvokeRouterConfig = Pick<
  ServiceConfig<'invoke-router'>,
  | 'authDigestKey'
  | 'invokeBodyLimitBytes'
  | 'invokeRatePerSecond'
  | 'invokeRateBurst'
  | 'invokeTimeoutMs'
  | 'invokeCpuTimeMs'
  | 'invokeSandboxWorkers'
  | 'invokeUsageReportMs'
  | 'artifactStore'
  | 'artifactsDir'
  | 's3Endpoint'
  | 's3AccessKey'
  | 's3SecretKey'
  | 's3Bucket'
  | 's3Region'
>;

/**
 * Builds the data plane at boot: the key and routing tables (caught up from the log before the
 * process listens), the sandbox that runs deployed backends with each agent's PostgreSQL store,
 * and the raw Fastify route on this process's HTTP server.
 */
@Injectable()
export class InvokeRouterService implements OnModuleInit, OnModuleDestroy, OnApplicationShutdown {
  private readonly artifacts: ArtifactStore;
  private readonly sandbox: LazySandbox;
  private readonly bridge: PostgresStoreBridge;
  private readonly usage: KeyUsage;
  readonly feed: InvokeTablesFeed;
  readonly runner: BackendRunner;
  readonly handler: InvokeHandler;
  private fastPath: InvokeFastPath | undefined;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: InvokeRouterConfig,
    @Inject(EVENT_STORE) events: EventStore,
    @Inject(DATABASE_URL) databaseUrl: string,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(INSTANCE_ID) private readonly instanceId: string,
    private readonly messaging: MessagingClient,
    private readonly health: HealthRegistry,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    const digestKey = parseSecretKey(config.authDigestKey, 'AUTH_DIGEST_KEY');
    this.artifacts = createArtifactStore(artifactStoreConfigFromSettings(config));
    this.sandbox = new LazySandbox({ workers: config.invokeSandboxWorkers, limits: { wallTimeMs: config.invokeTimeoutMs, cpuTimeMs: config.invokeCpuTimeMs } });
    this.bridge = new PostgresStoreBridge({ connectionString: databaseUrl });
    this.feed = new InvokeTablesFeed(
      events,
      logger,
      (change) => this.runner.deployment(change),
      (keyId) => this.announceRefusal(keyId, 'event'),
    );
    this.runner = new BackendRunner((agentId) => this.feed.tables.deploymentOf(agentId), this.sandbox, this.artifacts, this.bridge, logger);
    this.usage = new KeyUsage(
      (keyId, usedAt) => messaging.request(KEYS_SUBJECTS.used, { keyId, usedAt }, { timeoutMs: 10_000 }),
      config.invokeUsageReportMs,
      (error) => logger.debug({ err: error }, 'key usage report not delivered (lastUsedAt lags)'),
    );
    const buckets = new TokenBuckets({ ratePerSecond: config.invokeRatePerSecond, burst: config.invokeRateBurst });
    this.handler = new InvokeHandler(this.feed.tables, buckets, this.runner, this.usage, digestKey, logger);
  }

  async onModuleInit(): Promise<void> {
    // Workers start in the background; the first invoke waits for them if they are not up yet.
    this.sandbox.get().catch((error: unknown) => this.logger.error({ err: error }, 'invoke sandbox did not start (retried on the next invoke)'));
    await this.bridge.ensureSchema();
    await this.feed.start();
    this.health.register({
      name: 'invokeTables',
      check: () => (this.feed.isLive ? Promise.resolve() : Promise.reject(new Error('the key and routing tables are not following the log'))),
    });
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    mountInvokeRoute(fastify, this.handler, this.config.invokeBodyLimitBytes, this.logger);
    // The common case is answered before Fastify sees it; the route above answers the rest.
    this.fastPath = new InvokeFastPath(this.handler, this.config.invokeBodyLimitBytes, this.logger);
    this.fastPath.install(fastify.server);
  }

  /** Shutdown begins: every request goes the framework's way (Nest answers 503 while closing). */
  onModuleDestroy(): void {
    this.fastPath?.disable();
  }

  /** The keys service's notification that a key ended (ahead of its event). */
  keyEnded(notification: KeyEndedNotification): void {
    if (this.feed.tables.endKey(notification.keyId, notification)) this.announceRefusal(notification.keyId, 'notification');
  }

  /** The deploy service's notice that a deployment went live (ahead of its event). */
  deployed(notice: DeployedNotification): void {
    this.feed.deployedAhead(notice);
  }

  private announceRefusal(keyId: string, via: KeyRefusedNotice['via']): void {
    const notice: KeyRefusedNotice = { keyId, instanceId: this.instanceId, via, refusedAt: performance.timeOrigin + performance.now() };
    this.messaging.notify(INVOKE_ROUTER_SUBJECTS.keyRefused, notice).catch((error: unknown) => this.logger.debug({ err: error, keyId }, 'key-refused notice not sent'));
  }

  async onApplicationShutdown(): Promise<void> {
    this.usage.stop();
    await this.feed.stop();
    await this.sandbox.stop();
    await this.bridge.close();
    await this.artifacts.close();
  }
}
