import { createParamDecorator, Inject, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { digestSecret, parsePlatformToken } from '@backforge/auth';
import { DomainError } from '@backforge/contracts';
import { RateLimiter, type RateDecision } from '@backforge/resilience';
import { SERVICE_CONFIG } from '@backforge/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GatewaySecrets, type GatewayConfig } from './gateway-secrets.js';
import { PlatformTokenLookup } from './platform-token-lookup.js';
import { PlatformTokenCache } from './verified-tokens.js';

/** Who is calling: the workspace of the platform token, and the token. */
export interface Principal {
  workspaceId: string;
  tokenId: string;
}

const UNAUTHENTICATED = 'A valid platform token is required: Authorization: Bearer <token>';

/**
 * `Authorization: Bearer <platform token>` (passport-http-bearer). A malformed token (bad shape or
 * checksum) is refused before any lookup; a well-formed one is looked up by its keyed digest (read
 * your writes: one issued moments ago waits for the read model, `PlatformTokenLookup`), and a
 * revoked or unknown one is refused like a missing one. Tokens found active are kept in the
 * verified-token cache (evicted by revocations), so a request costs no lookup.
 */
@Injectable()
export class PlatformBearerStrategy extends PassportStrategy(Strategy, 'platform') {
  constructor(
    private readonly secrets: GatewaySecrets,
    private readonly tokens: PlatformTokenLookup,
    private readonly cache: PlatformTokenCache,
  ) {
    super();
  }

  async validate(raw: string): Promise<Principal | false> {
    const digest = this.digestOf(raw);
    if (digest === undefined) return false;
    const verified = await this.cache.verify(digest, () => this.tokens.find(digest));
    return verified ?? false;
  }

  /**
   * The principal of a token this strategy already verified and the cache still holds (no revocation
   * since, within its TTL); undefined otherwise, and the request goes through passport.
   */
  verifiedPrincipal(raw: string): Principal | undefined {
    const digest = this.digestOf(raw);
    return digest === undefined ? undefined : this.cache.peek(digest);
  }

  /** The keyed digest of a well-formed token (shape and checksum); undefined for a malformed one. */
  private digestOf(raw: string): string | undefined {
    const parsed = parsePlatformToken(raw);
    return parsed.ok ? digestSecret(parsed.value, this.secrets.digestKey) : undefined;
  }
}

/**
 * The credentials of `Authorization: Bearer <token>` exactly as passport-http-bearer reads that
 * header (two space-separated parts, scheme case-insensitive); undefined for any other shape, which
 * is left to passport (and its refusals).
 */
function bearerCredentials(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const space = header.indexOf(' ');
  if (space < 0 || header.indexOf(' ', space + 1) >= 0) return undefined;
  if (header.slice(0, space).toLowerCase() !== 'bearer') return undefined;
  const credentials = header.slice(space + 1);
  return credentials === '' ? undefined : credentials;
}

/**
 * The token bucket of each platform token (CONTROL_RATE_LIMIT_*), one per process, shared by the
 * guard and the agent-read fast path so a request is counted once whichever answers it.
 */
@Injectable()
export class PlatformRateLimit {
  private readonly limiter: RateLimiter;

  constructor(@Inject(SERVICE_CONFIG) config: GatewayConfig) {
    this.limiter = new RateLimiter({ ratePerSecond: config.controlRatePerSecond, burst: config.controlRateBurst });
  }

  /** Takes one request from this token's bucket (a refused take consumes nothing). */
  take(principal: Principal): RateDecision {
    return this.limiter.take(principal.tokenId);
  }
}

type AuthRequest = FastifyRequest & { user?: Principal };

/**
 * The platform guard: the token only in the Authorization header (never `?access_token=`, which
 * passport-http-bearer would otherwise accept and which would leak into logs and histories), and a
 * token bucket per token (429 with Retry-After past CONTROL_RATE_LIMIT_*).
 */
@Injectable()
export class PlatformAuthGuard extends AuthGuard('platform') implements CanActivate {
  constructor(
    private readonly strategy: PlatformBearerStrategy,
    private readonly rateLimit: PlatformRateLimit,
  ) {
    super();
  }

  override canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthRequest>();
    if (carriesAccessToken(request)) throw new UnauthorizedException(UNAUTHENTICATED);
    // A token the strategy verified before and the cache still holds skips passport's per-request
    // machinery (docs/decisions.md, "Gateway read path"), synchronously; any other goes through passport.
    const known = this.knownCaller(request);
    if (known) {
      request.user = known;
      this.limit(context, known);
      return true;
    }
    return this.throughPassport(context, request);
  }

  /**
   * The caller of a request whose bearer token the strategy already verified and the cache still
   * holds; undefined for any other request (an `access_token` anywhere, no header, another scheme,
   * an unknown, revoked or malformed token), which this guard alone may judge.
   */
  verifiedCaller(request: AuthRequest): Principal | undefined {
    return carriesAccessToken(request) ? undefined : this.knownCaller(request);
  }

  /** The verified caller of the bearer header, for a request already checked for `access_token`. */
  private knownCaller(request: AuthRequest): Principal | undefined {
    const credentials = bearerCredentials(request.headers.authorization);
    return credentials === undefined ? undefined : this.strategy.verifiedPrincipal(credentials);
  }

  private async throughPassport(context: ExecutionContext, request: { user?: Principal }): Promise<boolean> {
    const allowed = (await super.canActivate(context)) as boolean;
    if (allowed && request.user) this.limit(context, request.user);
    return allowed;
  }

  /** The token bucket of this token: 429 with Retry-After when it is empty. */
  private limit(context: ExecutionContext, principal: Principal): void {
    const decision = this.rateLimit.take(principal);
    if (!decision.ok) {
      void context.switchToHttp().getResponse<FastifyReply>().header('retry-after', String(Math.ceil(decision.retryAfterMs / 1000)));
      throw new DomainError('RATE_LIMITED', 'Too many requests with this token: slow down and retry after the Retry-After seconds');
    }
  }

  override handleRequest<TUser = Principal>(error: unknown, user: TUser | false): TUser {
    if (error instanceof Error) throw error;
    if (!user) throw new UnauthorizedException(UNAUTHENTICATED);
    return user;
  }
}

/** `?access_token=` or a body field of that name: refused, whatever else the request carries. */
function carriesAccessToken(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  return query?.access_token !== undefined || (typeof body === 'object' && body !== null && 'access_token' in body);
}

/** The authenticated caller (after PlatformAuthGuard). */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const request = context.switchToHttp().getRequest<FastifyRequest & { user?: Principal }>();
  if (!request.user) throw new UnauthorizedException(UNAUTHENTICATED);
  return request.user;
});
