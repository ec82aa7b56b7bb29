import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PROCESS_NAME } from '../tokens.js';
import { HealthRegistry, type Readiness } from './health.registry.js';

/** The probes of every process: live = the process answers; ready = every dependency answers. */
@Controller('health')
export class HealthHttpController {
  private readonly startedAt = Date.now();

  constructor(
    private readonly registry: HealthRegistry,
    @Inject(PROCESS_NAME) private readonly processName: string,
  ) {}

  @Get('live')
  live(): { status: 'ok'; service: string; uptimeMs: number } {
    return { status: 'ok', service: this.processName, uptimeMs: Date.now() - this.startedAt };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness & { service: string }> {
    const readiness = await this.registry.readiness();
    void reply.status(readiness.status === 'ok' ? 200 : 503);
    return { ...readiness, service: this.processName };
  }
}
