import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

/** The control API's OpenAPI document, built from the controllers' decorators. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Backforge control API')
    .setDescription(
      'Generate a backend from a prompt, follow its job, read agents, validate, download. Every response wraps its content in `data`; errors are `{"error": {"code", "message", "details"?, "correlationId"}}`.',
    )
    .setVersion('v1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'A platform token from `pnpm backforge tokens create`.' })
    .build();
  return SwaggerModule.createDocument(app, config, { operationIdFactory: (controller, method) => `${controller.replace(/HttpController$/, '')}_${method}` });
}

/** Serves the document at /docs (Swagger UI) and /docs/openapi.json. */
export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, buildOpenApiDocument(app), { jsonDocumentUrl: 'docs/openapi.json', yamlDocumentUrl: 'docs/openapi.yaml' });
}
