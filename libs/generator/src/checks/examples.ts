import type { ExampleCase } from '@backforge/blueprint';
import type { BackendRequest, BackendResponse, JsonObject, JsonValue } from '@backforge/contracts';

/**
 * The example-case semantics of the blueprint, host side (the generated project's
 * test/examples-runner.ts implements the same for `npm test`): setup steps first, each must succeed;
 * `{"$ref": "<step>.<path>"}` anywhere in an input or expected result reads a step's result;
 * objects match by subset, arrays element-wise with equal length unless `resultCount` is given.
 */

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class ExampleRefError extends Error {
  override readonly name = 'ExampleRefError';
}

export function resolveRefs(value: JsonValue, results: ReadonlyMap<string, JsonValue>): JsonValue {
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, results));
  if (isObject(value)) {
    const keys = Object.keys(value);
    const ref = value['$ref'];
    if (keys.length === 1 && typeof ref === 'string') {
      const [step = '', ...path] = ref.split('.');
      if (!results.has(step)) throw new ExampleRefError(`unknown $ref step '${step}'`);
      let current: JsonValue | undefined = results.get(step);
      for (const part of path) current = Array.isArray(current) ? current[Number(part)] : isObject(current) ? current[part] : undefined;
      if (current === undefined) throw new ExampleRefError(`$ref '${ref}' points at nothing`);
      return current;
    }
    const out: JsonObject = {};
    for (const key of keys) out[key] = resolveRefs(value[key] ?? null, results);
    return out;
  }
  return value;
}

export function mismatch(expected: JsonValue, actual: JsonValue | undefined, path: string, loose = false): string | null {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected an array`;
    if (!loose && expected.length !== actual.length) return `${path}: expected ${expected.length} items, got ${actual.length}`;
    for (let i = 0; i < expected.length; i++) {
      const problem = mismatch(expected[i] ?? null, actual[i], `${path}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (isObject(expected)) {
    if (!isObject(actual)) return `${path}: expected an object`;
    for (const key of Object.keys(expected)) {
      const problem = mismatch(expected[key] ?? null, actual[key], `${path}.${key}`);
      if (problem) return problem;
    }
    return null;
  }
  return expected === actual ? null : `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual ?? null)}`;
}

export type Invoke = (request: BackendRequest) => Promise<BackendResponse>;

export interface ExampleOutcome {
  ok: boolean;
  problem?: string;
  response?: BackendResponse;
}

export async function runExample(invoke: Invoke, action: string, example: ExampleCase): Promise<ExampleOutcome> {
  const results = new Map<string, JsonValue>();
  for (const step of example.setup ?? []) {
    const response = await invoke({ action: step.action, input: resolveRefs(step.input, results) as JsonObject });
    if (!response.body.ok) {
      return { ok: false, problem: `setup step '${step.as}' (${step.action}) failed with ${response.status} ${response.body.error.code}: ${response.body.error.message}`, response };
    }
    results.set(step.as, response.body.result);
  }
  const response = await invoke({ action, input: resolveRefs(example.input, results) as JsonObject });
  const expect = example.expect;
  if (response.status !== expect.status) return { ok: false, problem: `expected status ${expect.status}, got ${response.status}`, response };
  if (!response.body.ok) {
    if (expect.errorCode !== undefined && response.body.error.code !== expect.errorCode) {
      return { ok: false, problem: `expected error ${expect.errorCode}, got ${response.body.error.code}`, response };
    }
    return { ok: true, response };
  }
  const result = response.body.result;
  if (expect.resultCount !== undefined) {
    const items = isObject(result) && Array.isArray(result['items']) ? result['items'] : Array.isArray(result) ? result : null;
    if (!items) return { ok: false, problem: 'expected a list result', response };
    if (items.length !== expect.resultCount) return { ok: false, problem: `expected ${expect.resultCount} items, got ${items.length}`, response };
  }
  if (expect.result !== undefined) {
    const problem = mismatch(resolveRefs(expect.result, results), result, 'result', expect.resultCount !== undefined);
    if (problem) return { ok: false, problem, response };
  }
  return { ok: true, response };
}
