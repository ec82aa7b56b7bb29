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
    { filename: file('apps/gateway/src/gateway.module.ts'), code: '@Module({}) export class GatewayModule {}' },
    { filename: file('apps/gateway/src/health.http.controller.ts'), code: "@Controller('health') export class H { @Get() live() {} }" },
    { filename: file('apps/keys/src/keys.nats.controller.ts'), code: "@Controller() export class K { @MessagePattern('x') handle() {} }" },
  ],
  invalid: [
    { filename: file('apps/gateway/src/gateway.ts'), code: '@Module({}) export class GatewayModule {}', errors: [{ messageId: 'suffix' }] },
    { filename: file('apps/keys/src/keys.http.controller.ts'), code: "@Controller() export class K { @MessagePattern('x') handle() {} }", errors: [{ messageId: 'controllerKind' }] },
    { filename: file('apps/gateway/src/health.controller.ts'), code: "@Controller('health') export class H { @Get() live() {} }", errors: [{ messageId: 'controllerKind' }] },
  ],
});
