import { parseSecretKey } from '@backforge/auth';
import { createEventStore, type EventStore } from '@backforge/event-store';
import { createLogger } from '@backforge/runtime';
import { WorkspaceAdmin } from '@backforge/app-gateway';
import type { Command } from 'commander';
import { openPlatformDatabase } from '../platform-database.js';
import { withStandaloneSecrets } from '../standalone-secrets.js';
import type { CliIo } from './program.js';

/**
 * The admin commands: workspaces and platform tokens (the spec keeps token issuing out of the API).
 * They work on the same data the services use (DATABASE_URL, or the standalone data directory),
 * whether or not the platform is running.
 */
export function registerAdminCommands(program: Command, io: CliIo): void {
  const tokens = program.command('tokens').description('Platform tokens: create, list, revoke.');
  tokens
    .command('create')
    .description('Issue a platform token (creates the workspace if needed). The raw token is printed once: the last line, or {"id","workspace","name","token"} with --json.')
    .requiredOption('--workspace <name>', 'the workspace the token belongs to')
    .option('--name <label>', 'a label for the token', 'cli')
    .option('--json', 'print one JSON object')
    .action((opts: { workspace: string; name: string; json?: boolean }) =>
      withAdmin(io, async (admin) => {
        const issued = await admin.issueToken(opts.workspace, opts.name);
        if (opts.json) io.stdout(`${JSON.stringify(issued)}\n`);
        else io.stdout(`Token ${issued.id} for workspace ${issued.workspace} (${issued.name}); shown once:\n${issued.token}\n`);
      }),
    );
  tokens
    .command('list')
    .description('List platform tokens (never the tokens themselves).')
    .option('--workspace <name>', 'only this workspace')
    .option('--json', 'print JSON')
    .action((opts: { workspace?: string; json?: boolean }) =>
      withAdmin(io, async (admin) => {
        const list = await admin.listTokens(opts.workspace);
        if (opts.json) return io.stdout(`${JSON.stringify(list, null, 2)}\n`);
        if (list.length === 0) return io.stdout('No tokens.\n');
        for (const t of list) io.stdout(`${t.id}  ${t.workspace}  ${t.name}  ${t.prefix}…  created ${t.createdAt}${t.revokedAt ? `  REVOKED ${t.revokedAt}` : ''}\n`);
      }),
    );
  tokens
    .command('revoke')
    .description('Revoke a platform token: it stops working at once.')
    .argument('<id>', 'the token id (tok_…)')
    .action((id: string) =>
      withAdmin(io, async (admin) => {
        const revoked = await admin.revokeToken(id);
        io.stdout(`Revoked ${revoked.id} (workspace ${revoked.workspace}).\n`);
      }),
    );

  const workspaces = program.command('workspaces').description('Workspaces: create, list.');
  workspaces
    .command('create')
    .argument('<name>', 'lower-case letters, digits and hyphens')
    .action((name: string) =>
      withAdmin(io, async (admin) => {
        const result = await admin.createWorkspace(name);
        io.stdout(result.created ? `Created workspace ${name}.\n` : `Workspace ${name} already exists.\n`);
      }),
    );
  workspaces
    .command('list')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) =>
      withAdmin(io, async (admin) => {
        const list = await admin.listWorkspaces();
        if (opts.json) return io.stdout(`${JSON.stringify(list, null, 2)}\n`);
        if (list.length === 0) return io.stdout('No workspaces.\n');
        for (const w of list) io.stdout(`${w.workspace}  ${w.activeTokens} active token(s)  created ${w.createdAt}\n`);
      }),
    );
}

async function withAdmin(io: CliIo, run: (admin: WorkspaceAdmin) => Promise<void>): Promise<void> {
  const env = await withStandaloneSecrets(io.env);
  const logger = createLogger({ service: 'cli', level: 'warn' });
  const database = await openPlatformDatabase(env, logger);
  let events: EventStore | undefined;
  try {
    const eventStoreUrl = env.EVENTSTORE_URL?.trim();
    events =
      env.EVENT_STORE?.trim() === 'eventstoredb' && eventStoreUrl
        ? await createEventStore({ kind: 'eventstoredb', url: eventStoreUrl })
        : await createEventStore({ kind: 'postgres', url: database.url, poolSize: 2 });
    await run(new WorkspaceAdmin(events, parseSecretKey(env.AUTH_DIGEST_KEY ?? '', 'AUTH_DIGEST_KEY')));
  } finally {
    await events?.close();
    await database.close();
  }
}
