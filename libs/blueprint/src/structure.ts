import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { JsonObject } from '@backforge/contracts';
import { buildBlueprintJsonSchema } from './blueprint.schema.js';
import { CAMEL_IDENTIFIER_PATTERN, PASCAL_IDENTIFIER_PATTERN } from './identifiers.js';

/** One problem with a blueprint: a JSON Pointer into it and a sentence a person or an LLM can act on. */
export interface BlueprintIssue {
  path: string;
  message: string;
}

const schema = buildBlueprintJsonSchema(true);
let compiled: ValidateFunction | undefined;

/** Compiled once, on first use (compiling costs a few milliseconds we need not pay at import). */
function validator(): ValidateFunction {
  compiled ??= new Ajv({ allErrors: true, verbose: true, discriminator: true, strict: true, strictRequired: false }).compile(schema);
  return compiled;
}

export interface StructuralReport {
  issues: BlueprintIssue[];
  /** JSON Pointers of the parts that are malformed: semantic findings under them are noise. */
  anchors: string[];
}

/** Checks the shape of a blueprint (types, required and unknown properties, identifier shapes). */
export function structuralIssues(value: unknown): StructuralReport {
  const validate = validator();
  if (validate(value)) return { issues: [], anchors: [] };
  const errors = pruneOneOfBranches(validate.errors ?? [], value);
  return { issues: dedupe(errors.map((e) => toIssue(e, value))), anchors: errors.map(anchorOf) };
}

/** A missing or unknown property spoils only that property, not its whole parent. */
function anchorOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const property = error.keyword === 'required' ? params['missingProperty'] : error.keyword === 'additionalProperties' ? params['additionalProperty'] : undefined;
  return typeof property === 'string' ? `${error.instancePath}/${property.replace(/~/g, '~0').replace(/\//g, '~1')}` : error.instancePath;
}

function dedupe(issues: BlueprintIssue[]): BlueprintIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.path}\u0000${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function pointerParts(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function valueAt(root: unknown, pointer: string): unknown {
  let current: unknown = root;
  for (const part of pointerParts(pointer)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function propertyNames(schemaObject: unknown): string[] {
  return isObject(schemaObject) && isObject(schemaObject['properties']) ? Object.keys(schemaObject['properties']) : [];
}

function requiredNames(schemaObject: unknown): string[] {
  return isObject(schemaObject) && Array.isArray(schemaObject['required']) ? (schemaObject['required'] as string[]) : [];
}

/**
 * A failing `oneOf` (value sources, effects) makes Ajv report every branch's complaints, which
 * buries the real one. We pick the branch the data meant (the first whose leading required key is
 * present) and keep only its errors; when no branch is recognisable, only the `oneOf` error stays.
 */
function pruneOneOfBranches(errors: ErrorObject[], data: unknown): ErrorObject[] {
  let kept = [...errors];
  const oneOfs = errors.filter((e) => e.keyword === 'oneOf').sort((a, b) => b.instancePath.length - a.instancePath.length);
  for (const oneOf of oneOfs) {
    if (!kept.includes(oneOf)) continue;
    const at = oneOf.instancePath;
    const node = valueAt(data, at);
    // With `verbose`, an error carries its schema: the oneOf's branches, and each error's own parent schema.
    const branches: unknown[] = Array.isArray(oneOf.schema) ? oneOf.schema : [];
    const chosenBranch = isObject(node)
      ? branches.find((b) => {
          const key = requiredNames(b)[0];
          return key !== undefined && key in node;
        })
      : undefined;
    const isUnder = (e: ErrorObject): boolean => e.instancePath === at || e.instancePath.startsWith(`${at}/`);
    const belongsToChosen = (e: ErrorObject): boolean => {
      if (chosenBranch === undefined) return false;
      if (e.instancePath === at) return e.parentSchema === chosenBranch;
      // An error below this node: keep it if it sits under a property of the chosen branch.
      const first = pointerParts(e.instancePath.slice(at.length))[0];
      return first !== undefined && propertyNames(chosenBranch).includes(first);
    };
    const branchErrors = kept.filter((e) => e !== oneOf && isUnder(e));
    const chosenErrors = branchErrors.filter(belongsToChosen);
    kept = kept.filter((e) => !(e !== oneOf && isUnder(e)) || chosenErrors.includes(e));
    if (chosenErrors.length > 0) kept = kept.filter((e) => e !== oneOf);
  }
  return kept;
}

const FRIENDLY_PATTERNS: Record<string, string> = {
  [PASCAL_IDENTIFIER_PATTERN]: 'must be a PascalCase identifier (e.g. "Book"): an upper-case letter, then letters or digits only, at most 64 characters',
  [CAMEL_IDENTIFIER_PATTERN]: 'must be a camelCase identifier (e.g. "dueDate"): a lower-case letter, then letters or digits only, at most 64 characters',
};

/** Keyed by the `title` of the schema holding the oneOf. */
const ONE_OF_SHAPES: Record<string, string> = {
  ValueSource: 'must be exactly one of {"literal": <value>}, {"param": "<param name>"}, {"field": "<field name>"} or {"now": true}',
  Effect:
    'must be exactly one of {"set": "<field>", "to": <value source>}, {"increment": "<field>", "by": <value source>}, {"decrement": "<field>", "by": <value source>}, {"toggle": "<field>"} or {"clear": "<field>"}',
  CompareAgainst: 'must be exactly one of {"aggregate": "max" | "min"} or {"parentField": "<field of the parent>"}',
};

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

function toIssue(error: ErrorObject, data: unknown): BlueprintIssue {
  const path = error.instancePath === '' ? '/' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  const got = (): string => describeValue(valueAt(data, error.instancePath));
  switch (error.keyword) {
    case 'required':
      return { path, message: `missing required property "${String(params['missingProperty'])}"` };
    case 'additionalProperties': {
      const allowed = propertyNames(error.parentSchema).join(', ');
      return { path, message: `unknown property "${String(params['additionalProperty'])}" (allowed: ${allowed})` };
    }
    case 'type':
      return { path, message: `must be ${article(String(params['type']))}, got ${got()}` };
    case 'enum': {
      const allowed = (params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ');
      return { path, message: `must be one of ${allowed}, got ${got()}` };
    }
    case 'const':
      return { path, message: `must be ${JSON.stringify(params['allowedValue'])}, got ${got()}` };
    case 'pattern':
      return { path, message: `${FRIENDLY_PATTERNS[String(params['pattern'])] ?? `must match ${String(params['pattern'])}`}, got ${got()}` };
    case 'minLength':
      return { path, message: Number(params['limit']) === 1 ? 'must not be empty' : `must be at least ${String(params['limit'])} characters long` };
    case 'maxLength':
      return { path, message: `must be at most ${String(params['limit'])} characters long` };
    case 'minItems':
      return { path, message: `must have at least ${String(params['limit'])} item(s)` };
    case 'maxItems':
      return { path, message: `must have at most ${String(params['limit'])} items` };
    case 'minimum':
    case 'maximum':
      return { path, message: `must be ${String(params['comparison'])} ${String(params['limit'])}, got ${got()}` };
    case 'oneOf': {
      const title = isObject(error.parentSchema) && typeof error.parentSchema['title'] === 'string' ? error.parentSchema['title'] : '';
      return { path, message: `${ONE_OF_SHAPES[title] ?? 'does not match any allowed shape'}, got ${got()}` };
    }
    case 'discriminator': {
      const variants = isObject(error.parentSchema) && Array.isArray(error.parentSchema['oneOf']) ? error.parentSchema['oneOf'] : [];
      const kinds = variants
        .map((v) => (isObject(v) && isObject(v['properties']) && isObject(v['properties']['kind']) ? JSON.stringify(v['properties']['kind']['const']) : '?'))
        .join(', ');
      return params['error'] === 'tag'
        ? { path, message: `"kind" must be a string, one of ${kinds}` }
        : { path: `${error.instancePath}/kind`, message: `must be one of ${kinds}, got ${describeValue(params['tagValue'])}` };
    }
    default:
      return { path, message: error.message ?? `fails ${error.keyword}` };
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
