import type { ActionSpec, Blueprint, FieldSpec, ResourceSpec } from '@backforge/blueprint';
import { readFileSync } from 'node:fs';
import type { PromptNotUnderstood } from '../interpreter.js';
import type { CorpusExpectation } from './corpus-match.js';
import { interpretPrompt } from './interpret.js';

/** Helpers for the rules interpreter's tests: read blueprints without repeating lookups. */

export function accept(prompt: string, name = 'test'): Blueprint {
  const r = interpretPrompt(name, prompt);
  if (!r.ok) throw new Error(`not understood: ${r.error.message}\n${r.error.missing.join('\n')}`);
  return r.blueprint;
}

export function reject(prompt: string, name = 'test'): PromptNotUnderstood {
  const r = interpretPrompt(name, prompt);
  if (r.ok) throw new Error(`unexpectedly understood: ${r.blueprint.actions.map((a) => a.name).join(', ')}`);
  return r.error;
}

export function resource(bp: Blueprint, name: string): ResourceSpec {
  const r = bp.resources.find((x) => x.name === name);
  if (!r) throw new Error(`no resource ${name} (have ${bp.resources.map((x) => x.name).join(', ')})`);
  return r;
}

export function field(bp: Blueprint, res: string, name: string): FieldSpec {
  const f = resource(bp, res).fields.find((x) => x.name === name);
  if (!f) throw new Error(`no field ${res}.${name} (have ${resource(bp, res).fields.map((x) => x.name).join(', ')})`);
  return f;
}

export function action<K extends ActionSpec['kind']>(bp: Blueprint, name: string, kind?: K): Extract<ActionSpec, { kind: K }> {
  const a = bp.actions.find((x) => x.name === name);
  if (!a) throw new Error(`no action ${name} (have ${bp.actions.map((x) => x.name).join(', ')})`);
  if (kind && a.kind !== kind) throw new Error(`action ${name} is ${a.kind}, not ${kind}`);
  return a as Extract<ActionSpec, { kind: K }>;
}

export function fieldNames(bp: Blueprint, res: string): string[] {
  return resource(bp, res).fields.map((f) => f.name);
}

export interface CorpusFile {
  prompts: { name: string; prompt: string; expect: CorpusExpectation }[];
  reject: { name: string; prompt: string }[];
}

export function loadCorpus(): CorpusFile {
  return JSON.parse(readFileSync(new URL('../../../corpus/prompts.json', import.meta.url), 'utf8')) as CorpusFile;
}

export interface PublicFile {
  prompts: { name: string; prompt: string; expect: { resources: Record<string, string[]>; actions: string[]; rules: string[] } }[];
}

export function loadPublic(): PublicFile {
  return JSON.parse(readFileSync(new URL('../../../corpus/public.json', import.meta.url), 'utf8')) as PublicFile;
}
