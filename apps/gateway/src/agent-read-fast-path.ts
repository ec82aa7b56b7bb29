import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GatewayAgentViews } from './agent-views.js';
import { PlatformAuthGuard, PlatformRateLimit } from './platform-auth.js';

/** What Fastify answers a JSON-serialized object with. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The route of AgentsHttpController.get, as Fastify names it. */
export const AGENT_ROUTE = '/v1/agents/:id';

/**
 * `GET /v1/agents/{id}` answered before Nest's pipeline when everything it needs is already known
 * (docs/decisions.md, "Gateway read path"): a bearer token the platform guard's strategy verified
 * and the verified-token cache still holds, a view of that agent the gateway keeps for the token's
 * workspace, and a request left in the token's bucket. The answer is what the controller would
 * send (`{data: view}`, 200, the same JSON bytes); the HTTP edge's hooks still set the correlation id and write
 * the access line. Any other request, including every refusal, goes on to Nest unchanged.
 */
@Injectable()
export class AgentReadFastPath implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly guard: PlatformAuthGuard,
    private readonly rateLimit: PlatformRateLimit,
    private readonly views: GatewayAgentViews,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    // Route hooks are assembled when Fastify gets ready, so this one reaches the controller's route.
    fastify?.addHook('preHandler', (request, reply, done) => {
      if (!this.answered(request, reply)) done();
    });
  }

  /** True when it sent the answer; false leaves the request to Nest. */
  answered(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.method !== 'GET' || request.routeOptions.url !== AGENT_ROUTE) return false;
    const caller = this.guard.verifiedCaller(request);
    if (caller === undefined) return false;
    const kept = this.views.peekAgent(caller.workspaceId, (request.params as { id: string }).id);
    // An empty bucket is the guard's to refuse (429 and Retry-After); a refused take consumed nothing.
    if (kept === undefined || !this.rateLimit.take(caller).ok) return false;
    // The bytes and content type Fastify sends for the controller's `{data: view}`, serialized once.
    void reply.type(JSON_CONTENT_TYPE).send(kept.body);
    return true;
  }
}
