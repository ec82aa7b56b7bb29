import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
// @ts-expect-error -- the plugin is plain JavaScript (eslint loads it directly), it has no types.
import plugin from './backforge-plugin.js';

const root = path.resolve(import.meta.dirname, '../..');
const file = (p: string) => path.join(root, p);

// RuleTester registers describe/it itself; these cases are the boundary rules' specification.
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

tester.run('module-boundaries', plugin.rules['module-boundaries'], {
  valid: [
    { filename: file('apps/gateway/src/main.ts'), code: "import { x } from '@backforge/messaging';" },
    // an app uses every layer below it
    { filename: file('apps/gateway/src/main.ts'), code: "import { runMain } from '@backforge/runtime';" },
    { filename: file('apps/gateway/src/a.handler.ts'), code: "import { handleCommand } from '@backforge/deciders';" },
    { filename: file('apps/gateway/src/a.ts'), code: "import { loadConfig } from '@backforge/config';" },
    // the runtime sits on infra and core
    { filename: file('libs/runtime/src/a.ts'), code: "import { MessagingClient } from '@backforge/messaging';" },
    { filename: file('libs/runtime/src/a.ts'), code: "import { loadConfig } from '@backforge/config';" },
    // infra uses its own layer (projections over the event-store port), core and contracts
    { filename: file('libs/projections/src/a.ts'), code: "import type { EventStore } from '@backforge/event-store';" },
    { filename: file('libs/deciders/src/a.ts'), code: "import type { EventStore } from '@backforge/event-store';" },
    { filename: file('libs/generator/src/a.ts'), code: "import { runBackend } from '@backforge/sandbox';" },
    { filename: file('libs/generator/src/a.ts'), code: "import type { Blueprint } from '@backforge/blueprint';" },
    { filename: file('libs/messaging/src/a.ts'), code: "import { withTimeout } from '@backforge/resilience';" },
    // core uses core and contracts
    { filename: file('libs/blueprint/src/a.ts'), code: "import type { JsonObject } from '@backforge/contracts';" },
    // a library's tests use the testing library whatever the layer
    { filename: file('libs/blueprint/src/a.spec.ts'), code: "import { x } from '@backforge/testing';" },
    { filename: file('libs/runtime/src/test-support/probe.ts'), code: "import { x } from '@backforge/testing';" },
    { filename: file('libs/event-store/src/a.ts'), code: "import type { JsonObject } from '@backforge/contracts';" },
    { filename: file('libs/event-store/src/a.ts'), code: "import { b } from './b.js';" },
    { filename: file('libs/event-store/src/a.int.spec.ts'), code: "import { createTestDatabase } from '@backforge/testing';" },
    { filename: file('libs/contracts/src/a.ts'), code: "import { b } from './backend/b.js';" },
    // the standalone composition imports the services through their doors
    { filename: file('apps/standalone/src/main.ts'), code: "import { GatewayModule } from '@backforge/app-gateway';" },
  ],
  invalid: [
    // contracts imports nothing of ours
    { filename: file('libs/contracts/src/a.ts'), code: "import { x } from '@backforge/event-store';", errors: [{ messageId: 'tag' }] },
    { filename: file('libs/contracts/src/a.ts'), code: "import { x } from '@backforge/resilience';", errors: [{ messageId: 'tag' }] },
    // resilience (deps:none) imports nothing of ours, not even contracts
    { filename: file('libs/resilience/src/a.ts'), code: "import type { JsonObject } from '@backforge/contracts';", errors: [{ messageId: 'isolated' }] },
    // nothing imports upwards: core never reaches infra, infra never the runtime, the runtime never an app
    { filename: file('libs/config/src/a.ts'), code: "import { x } from '@backforge/event-store';", errors: [{ messageId: 'tag' }] },
    { filename: file('libs/blueprint/src/a.ts'), code: "import { x } from '@backforge/generator';", errors: [{ messageId: 'tag' }] },
    { filename: file('libs/resilience/src/a.ts'), code: "import { x } from '@backforge/messaging';", errors: [{ messageId: 'isolated' }] },
    { filename: file('libs/messaging/src/a.ts'), code: "import { runMain } from '@backforge/runtime';", errors: [{ messageId: 'tag' }] },
    { filename: file('libs/event-store/src/a.ts'), code: "export { x } from '@backforge/runtime';", errors: [{ messageId: 'tag' }] },
    { filename: file('libs/runtime/src/a.ts'), code: "import { GatewayModule } from '@backforge/app-gateway';", errors: [{ messageId: 'tag' }] },
    // the testing library stays below the code it tests
    { filename: file('libs/testing/src/a.ts'), code: "import { x } from '@backforge/event-store';", errors: [{ messageId: 'tag' }] },
    // a library is entered only through its index
    { filename: file('apps/gateway/src/main.ts'), code: "import { x } from '@backforge/event-store/src/postgres.js';", errors: [{ messageId: 'deep' }] },
    // relative imports never leave their project (so libs never reach into apps, nor into another lib)
    { filename: file('libs/sandbox/src/a.ts'), code: "import { x } from '../../../apps/gateway/src/main.js';", errors: [{ messageId: 'relative' }] },
    { filename: file('libs/sandbox/src/a.ts'), code: "export * from '../../event-store/src/index.js';", errors: [{ messageId: 'relative' }] },
    // the testing library is for tests only
    { filename: file('libs/sandbox/src/a.ts'), code: "import { testS3 } from '@backforge/testing';", errors: [{ messageId: 'testingInProd' }] },
    // only the composition imports apps
    { filename: file('apps/gateway/src/main.ts'), code: "import { KeysModule } from '@backforge/app-keys';", errors: [{ messageId: 'tag' }] },
    { filename: file('libs/sandbox/src/a.ts'), code: "import { KeysModule } from '@backforge/app-keys';", errors: [{ messageId: 'tag' }] },
    // unknown libraries are refused rather than silently resolved
    { filename: file('libs/sandbox/src/a.ts'), code: "import { x } from '@backforge/nope';", errors: [{ messageId: 'unknown' }] },
    { filename: file('libs/sandbox/src/a.ts'), code: "const m = await import('@backforge/contracts/src/backend/json.js');", errors: [{ messageId: 'deep' }] },
  ],
});

tester.run('file-roles', plugin.rules['file-roles'], {
  valid: [
    { filename: file('apps/gateway/src/agents.http.controller.ts'), code: "@Controller('v1/agents') export class A { @Get(':id') one() {} @Post() create() {} }" },
    { filename: file('apps/gateway/src/events.nats.controller.ts'), code: "@Controller() export class E { @EventPattern('x') on() {} }" },
    { filename: file('apps/generation/src/agents.projection.ts'), code: "export const agents = defineProjection({ name: 'agents' });" },
    { filename: file('libs/projections/src/test-support/sample.projection.ts'), code: "export const p = defineProjection({ name: 'p' });" },
    // tests define small fixtures inline
    { filename: file('libs/projections/src/runner.int.spec.ts'), code: "const p = defineProjection({ name: 'p' }); describe('x', () => {});" },
    { filename: file('apps/generation/src/generate.handler.ts'), code: 'export const run = (c) => handleCommand(store, stream, decider, c);' },
    // a library's own mechanism may call handleCommand anywhere (the suffix is for services' use cases)
    { filename: file('libs/deciders/src/claim-loop.ts'), code: 'await handleCommand(store, stream, decider, command);' },
    { filename: file('apps/generation/src/domain/job.decider.ts'), code: "import type { Decider } from '@backforge/deciders'; import type { JobEvent } from '@backforge/contracts'; import { slug } from './slug.decider.js'; export const job: Decider<S, C, E> = { initialState, evolve, decide };" },
    { filename: file('apps/generation/src/domain/job.decider.ts'), code: 'export const job = { initialState, evolve, decide } satisfies Decider<S, C, E>;' },
    { filename: file('apps/generation/src/domain/job.decider.spec.ts'), code: "import { deciderSpecification } from '@backforge/deciders'; import { job } from './job.decider.js'; describe('job', () => {});" },
    { filename: file('apps/generation/src/domain/job.decider.ts'), code: "import { randomUUID } from 'node:crypto';" },
    { filename: file('libs/deciders/src/test-support/counter.decider.ts'), code: 'export const counter: Decider<S, C, E> = { initialState, evolve, decide };' },
    { filename: file('libs/runtime/src/health/health.registry.spec.ts'), code: "describe('HealthRegistry', () => { it('works', () => {}); });" },
    { filename: file('apps/standalone/src/standalone.e2e.spec.ts'), code: "describe.each([1])('x %s', () => {});" },
    { filename: file('apps/gateway/src/gateway.module.ts'), code: '@Module({}) export class GatewayModule {}' },
    { filename: file('apps/gateway/src/health.http.controller.ts'), code: "@Controller('health') export class H { @Get() live() {} }" },
    { filename: file('apps/keys/src/keys.nats.controller.ts'), code: "@Controller() export class K { @MessagePattern('x') handle() {} }" },
  ],
  invalid: [
    { filename: file('apps/gateway/src/gateway.ts'), code: '@Module({}) export class GatewayModule {}', errors: [{ messageId: 'suffix' }] },
    { filename: file('apps/keys/src/keys.http.controller.ts'), code: "@Controller() export class K { @MessagePattern('x') handle() {} }", errors: [{ messageId: 'controllerKind' }] },
    { filename: file('apps/gateway/src/health.controller.ts'), code: "@Controller('health') export class H { @Get() live() {} }", errors: [{ messageId: 'controllerKind' }] },
    { filename: file('apps/keys/src/keys.controller.ts'), code: "@Controller() export class K { @EventPattern('x') on() {} }", errors: [{ messageId: 'controllerKind' }] },
    { filename: file('apps/gateway/src/agents.nats.controller.ts'), code: "@Controller('v1/agents') export class A { @Post() create() {} }", errors: [{ messageId: 'controllerKind' }] },
    { filename: file('apps/gateway/src/agents.http.controller.ts'), code: "@Controller() export class A { @Get() list() {} @MessagePattern('x') handle() {} }", errors: [{ messageId: 'mixedController' }] },
    // a projection lives in *.projection.ts, in apps and libs alike
    { filename: file('apps/generation/src/generation.module.ts'), code: "const agents = defineProjection({ name: 'agents' });", errors: [{ messageId: 'call' }] },
    { filename: file('libs/projections/src/agents.ts'), code: "export const a = defineProjection({ name: 'a' });", errors: [{ messageId: 'call' }] },
    // a service's use case calling handleCommand lives in *.handler.ts
    { filename: file('apps/generation/src/generation.nats.controller.ts'), code: 'await handleCommand(store, stream, decider, command);', errors: [{ messageId: 'call' }] },
    { filename: file('apps/generation/src/generation.worker.ts'), code: 'await handleCommand(store, stream, decider, claim);', errors: [{ messageId: 'call' }] },
    // a Decider lives in *.decider.ts, and in a service under src/domain/
    { filename: file('apps/generation/src/domain/job.ts'), code: 'export const job: Decider<S, C, E> = { initialState, evolve, decide };', errors: [{ messageId: 'domainFile' }, { messageId: 'decider' }] },
    { filename: file('apps/generation/src/generate.handler.ts'), code: 'const job = { initialState, evolve, decide } satisfies Decider<S, C, E>;', errors: [{ messageId: 'decider' }] },
    { filename: file('apps/generation/src/job.decider.ts'), code: 'export const job: Decider<S, C, E> = { initialState, evolve, decide };', errors: [{ messageId: 'deciderOutsideDomain' }] },
    // src/domain/ holds deciders and their unit specs only
    { filename: file('apps/generation/src/domain/helpers.ts'), code: 'export const x = 1;', errors: [{ messageId: 'domainFile' }] },
    { filename: file('apps/generation/src/domain/job.int.spec.ts'), code: 'export const x = 1;', errors: [{ messageId: 'domainFile' }] },
    // domain code is pure: no framework, driver, infrastructure library nor anything outside domain/
    { filename: file('apps/generation/src/domain/job.decider.ts'), code: "import { Injectable } from '@nestjs/common';", errors: [{ messageId: 'domainImport' }] },
    { filename: file('apps/generation/src/domain/job.decider.ts'), code: "import pg from 'pg';", errors: [{ messageId: 'domainImport' }] },
    { filename: file('apps/generation/src/domain/job.decider.ts'), code: "import { Repository } from 'typeorm';", errors: [{ messageId: 'domainImport' }] },
    { filename: file('apps/generation/src/domain/job.decider.ts'), code: "import type { EventStore } from '@backforge/event-store';", errors: [{ messageId: 'domainImport' }] },
    { filename: file('apps/generation/src/domain/job.decider.ts'), code: "import { MessagingClient } from '@backforge/messaging';", errors: [{ messageId: 'domainImport' }] },
    { filename: file('apps/generation/src/domain/job.decider.ts'), code: "import { LOGGER } from '@backforge/runtime';", errors: [{ messageId: 'domainImport' }] },
    { filename: file('apps/generation/src/domain/job.decider.ts'), code: "import { GenerationModule } from '../generation.module.js';", errors: [{ messageId: 'domainRelative' }] },
    { filename: file('apps/generation/src/domain/job.decider.spec.ts'), code: "const m = await import('@backforge/projections');", errors: [{ messageId: 'domainImport' }] },
    // tests are *.spec.ts: anything else would never run
    { filename: file('libs/blueprint/src/schema.test.ts'), code: "describe('x', () => {});", errors: [{ messageId: 'testName' }, { messageId: 'testOutsideSpec' }] },
    { filename: file('libs/blueprint/src/schema-checks.ts'), code: "it('x', () => {});", errors: [{ messageId: 'testOutsideSpec' }] },
  ],
});
