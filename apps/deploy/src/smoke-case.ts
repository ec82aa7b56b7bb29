import type { Blueprint, ExampleCase } from '@backforge/blueprint';
import type { BackendRequest, BackendResponse, JobError } from '@backforge/contracts';
import { CHECK_INVOCATION_LIMITS, runExample } from '@backforge/generator';
import { MemoryBackendStore, SandboxError, type Sandbox } from '@backforge/sandbox';

/** What DeploymentSucceeded records of the smoke run. */
export interface SmokeOutcome {
  action: string;
  status: number;
  durationMs: number;
}

/** The bundle did not load or did not answer its smoke case: the deployment fails with this. */
export class SmokeFailure extends Error {
  constructor(readonly error: JobError) {
    super(error.message);
  }
}

/** The blueprint's first success example (in action order): the case a deployment must answer. */
export function smokeExample(blueprint: Blueprint | undefined): { action: string; example: ExampleCase } | undefined {
  for (const action of blueprint?.actions ?? []) {
    const example = action.examples.find((e) => e.expect.status === 200);
    if (example) return { action: action.name, example };
  }
  return undefined;
}

function sandboxDetails(error: unknown): { sandboxCode?: string; reason: string } {
  if (error instanceof SandboxError) return { sandboxCode: error.code, reason: error.message };
  return { reason: error instanceof Error ? error.message : String(error) };
}

/** Loads the bundle in the sandbox under a backend id of its own (never the id invocations use). Throws SmokeFailure when it does not load. */
export async function loadForSmoke(sandbox: Sandbox, backendId: string, bundleCode: string): Promise<void> {
  try {
    await sandbox.load(backendId, bundleCode);
  } catch (error) {
    throw new SmokeFailure({ code: 'BUNDLE_LOAD_FAILED', message: 'The stored bundle does not load in the sandbox.', details: sandboxDetails(error) });
  }
}

/**
 * Answers the smoke case on a bundle loaded with `loadForSmoke`: `describe`, and the blueprint's
 * first success example (with its setup steps), each on a fresh in-memory store, so the smoke run
 * never touches the agent's real data. Both must answer as expected; they run side by side (neither
 * store sees the other's calls), and a failing describe is reported first, as when it ran alone.
 * Throws SmokeFailure with the reason. The caller unloads.
 */
export async function runSmokeCase(sandbox: Sandbox, backendId: string, blueprint: Blueprint | undefined): Promise<Omit<SmokeOutcome, 'durationMs'>> {
  const invokeOn = (store: MemoryBackendStore) => (request: BackendRequest): Promise<BackendResponse> => sandbox.invoke(backendId, request, { store }, CHECK_INVOCATION_LIMITS);
  const chosen = smokeExample(blueprint);
  const [described, example] = await Promise.allSettled([
    invokeOn(new MemoryBackendStore())({ action: 'describe' }),
    chosen ? runExample(invokeOn(new MemoryBackendStore()), chosen.action, chosen.example) : Promise.resolve(undefined),
  ]);
  if (described.status === 'rejected') {
    throw new SmokeFailure({ code: 'SMOKE_FAILED', message: 'The backend failed on describe.', details: { action: 'describe', ...sandboxDetails(described.reason) } });
  }
  if (described.value.status !== 200 || !described.value.body.ok) {
    const { status } = described.value;
    throw new SmokeFailure({ code: 'SMOKE_FAILED', message: `The backend did not answer describe (status ${status}).`, details: { action: 'describe', status } });
  }
  if (!chosen) return { action: 'describe', status: described.value.status };
  if (example.status === 'rejected') {
    throw new SmokeFailure({ code: 'SMOKE_FAILED', message: `The backend failed on its example '${chosen.action}: ${chosen.example.name}'.`, details: { action: chosen.action, example: chosen.example.name, ...sandboxDetails(example.reason) } });
  }
  const outcome = example.value;
  if (!outcome?.ok) {
    throw new SmokeFailure({
      code: 'SMOKE_FAILED',
      message: `The backend did not answer its example '${chosen.action}: ${chosen.example.name}' as expected: ${outcome?.problem ?? 'unexpected answer'}.`,
      details: { action: chosen.action, example: chosen.example.name, problem: outcome?.problem ?? null, status: outcome?.response?.status ?? null },
    });
  }
  return { action: chosen.action, status: outcome.response?.status ?? 200 };
}
