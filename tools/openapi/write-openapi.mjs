#!/usr/bin/env node
// `pnpm openapi`: writes docs/openapi.json, the control API's OpenAPI document, from the compiled
// gateway (run `pnpm build` first; `pnpm openapi` does). The document comes from the gateway's HTTP
// controllers alone: a Nest app in preview mode (nothing instantiated, no infrastructure) whose
// module holds those controllers and a stand-in for every dependency they name.
// `--check` exits 1 when the committed file is not current; `--print` writes the fresh text to stdout.
import 'reflect-metadata';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const OPENAPI_FILE = path.join(root, 'docs', 'openapi.json');

/** Keys sorted at every level: the file only changes when the API does. */
function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys(value[key])]));
}

/** Every token a class's constructor asks for: its parameter types and its @Inject() tokens. */
function dependenciesOf(cls) {
  const types = Reflect.getMetadata('design:paramtypes', cls) ?? [];
  const injected = (Reflect.getMetadata('self:paramtypes', cls) ?? []).map((p) => p.param);
  return [...types, ...injected].filter((t) => t !== undefined && t !== Object && t !== String);
}

/** The document as `pnpm openapi` writes it (stable key order, trailing newline). */
export async function buildOpenApiText() {
  const { Module } = await import('@nestjs/common');
  const { NestFactory } = await import('@nestjs/core');
  const { FastifyAdapter } = await import('@nestjs/platform-fastify');
  const gateway = await import(path.join(root, 'apps/gateway/dist/index.js'));
  const controllers = Reflect.getMetadata('controllers', gateway.GatewayModule) ?? [];
  const guards = controllers.flatMap((c) => Reflect.getMetadata('__guards__', c) ?? []);
  const tokens = new Set([...controllers, ...guards].flatMap(dependenciesOf));
  class OpenApiModule {}
  Module({ controllers, providers: [...guards, ...[...tokens].filter((t) => !guards.includes(t)).map((provide) => ({ provide, useValue: {} }))] })(OpenApiModule);
  const app = await NestFactory.create(OpenApiModule, new FastifyAdapter(), { preview: true, logger: false, abortOnError: false });
  try {
    const document = gateway.buildOpenApiDocument(app);
    return `${JSON.stringify(sortKeys(document), null, 2)}\n`;
  } finally {
    await app.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await buildOpenApiText();
  if (process.argv.includes('--print')) {
    process.stdout.write(text);
  } else if (process.argv.includes('--check')) {
    const current = await fs.readFile(OPENAPI_FILE, 'utf8').catch(() => '');
    if (current !== text) {
      process.stderr.write('docs/openapi.json is not current: run `pnpm openapi`\n');
      process.exit(1);
    }
  } else {
    await fs.mkdir(path.dirname(OPENAPI_FILE), { recursive: true });
    await fs.writeFile(OPENAPI_FILE, text);
    process.stdout.write(`wrote ${path.relative(root, OPENAPI_FILE)}\n`);
  }
}
