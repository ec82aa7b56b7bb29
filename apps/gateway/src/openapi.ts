import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

const ERROR_BODY = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'correlationId'],
      properties: { code: { type: 'string' }, message: { type: 'string' }, details: {}, correlationId: { type: 'string' } },
    },
  },
} as const;

const refusal = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_BODY } } });

/**
 * `POST /v1/invoke/{slug}` is the invoke-router's raw Fastify route (no Nest decorators to read), on
 * the same port in standalone mode: described here by hand so one document covers every route.
 */
const INVOKE_PATH = {
  post: {
    operationId: 'Invoke_invoke',
    tags: ['invoke'],
    summary: 'Invoke a deployed backend',
    description:
      'The body is the backend\'s own request, e.g. `{"action": "createBook", "input": {...}}`; `{"action": "describe"}` answers its contract. The backend\'s status and JSON come back unchanged; the router\'s own refusals use the platform error body.',
    security: [{ agentKey: [] }],
    parameters: [{ name: 'slug', in: 'path', required: true, schema: { type: 'string' } }],
    requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } } },
    responses: {
      '200': { description: "The backend's answer (its other statuses, 400/404/409, pass through as they are)", content: { 'application/json': { schema: { type: 'object' } } } },
      '400': refusal('The body is not a JSON object'),
      '401': refusal('Missing, malformed, unknown, revoked or expired agent API key (one answer for all)'),
      '403': refusal('A valid key of another agent'),
      '404': refusal('No agent has this slug'),
      '409': refusal('AGENT_NOT_DEPLOYED'),
      '413': refusal('The body is over the size limit'),
      '415': refusal('The body is not application/json'),
      '429': refusal('Past the per-key rate limit (Retry-After)'),
      '502': refusal('BACKEND_FAILED: the backend broke a limit or crashed'),
      '503': refusal('The backend is at capacity or restarting (Retry-After)'),
      '504': refusal("The backend exceeded its time limit"),
    },
  },
};

/** The platform's OpenAPI document: the control API from the controllers' decorators, plus the invoke route. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Backforge API')
    .setDescription(
      'The control API (platform token): generate a backend from a prompt, follow its job, read agents, validate, download, manage agent API keys, deploy. The invoke route (agent API key) runs a deployed backend. Every control response wraps its content in `data`; errors are `{"error": {"code", "message", "details"?, "correlationId"}}`.',
    )
    .setVersion('v1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'A platform token from `pnpm backforge tokens create`.' })
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An agent API key (`bfk_…`) from `POST /v1/agents/{id}/api-keys`; for `/v1/invoke/{slug}` only.' }, 'agentKey')
    .build();
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: (controller, method) => `${controller.replace(/HttpController$/, '')}_${method}` });
  document.paths['/v1/invoke/{slug}'] = INVOKE_PATH as unknown as OpenAPIObject['paths'][string];
  return document;
}

/** Serves the document at /docs (Swagger UI) and /docs/openapi.json. */
export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, buildOpenApiDocument(app), { jsonDocumentUrl: 'docs/openapi.json', yamlDocumentUrl: 'docs/openapi.yaml' });
}
