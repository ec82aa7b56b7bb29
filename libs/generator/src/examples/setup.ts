import type { ExampleStep, ResourceSpec } from '@backforge/blueprint';
import type { JsonObject } from '@backforge/contracts';
import type { Context } from './derive.js';
import { lowerFirst } from './values.js';

/** The setup steps of one example case, and the records they make. */

export interface CreateOptions {
  /** New parent records instead of ones this setup already made. */
  fresh?: boolean;
  overrides?: JsonObject;
  /** Optional fields left out, so they take their defaults (the state a transition starts from). */
  omit?: string[];
  parentFor?: Record<string, string>;
}

/** A record created in a setup: its step name and the input it was created with. */
export interface Made {
  step: string;
  resource: ResourceSpec;
  input: JsonObject;
}

export class Setup {
  readonly steps: ExampleStep[] = [];
  private readonly used = new Set<string>();
  readonly made: Made[] = [];
  /** Steps that made a parent ready for some child's parent guards, by `Child.via:wanted`. */
  readonly ready = new Map<string, string>();
  /** Resources whose creation is under way: a reference back to one of them is a cycle. */
  private readonly creating = new Set<string>();

  constructor(private readonly ctx: Context) {}

  name(base: string): string {
    let n = base;
    let i = 2;
    while (this.used.has(n)) n = `${base}${i++}`;
    this.used.add(n);
    return n;
  }

  /**
   * Creates a record of `resource` (and, first, the records it references). `variant` picks the
   * sample values; `fresh` forces new parents instead of reusing ones this setup already made.
   */
  create(resource: ResourceSpec, variant: number, opts: CreateOptions = {}): Made | undefined {
    const action = this.ctx.createAction(resource.name);
    // Records that reference each other (a firing lists its pieces, a piece names its firing): the
    // inner one cannot be made first, so its optional reference is left out, a required one fails.
    if (!action || this.creating.has(resource.name)) return undefined;
    this.creating.add(resource.name);
    let input: JsonObject | undefined;
    try {
      input = this.ctx.input(resource, variant, this, opts);
    } finally {
      this.creating.delete(resource.name);
    }
    if (!input) return undefined;
    const step = this.name(lowerFirst(resource.name));
    this.steps.push({ as: step, action, input });
    const made = { step, resource, input };
    this.made.push(made);
    return made;
  }

  parent(resource: ResourceSpec, variant: number, fresh: boolean): Made | undefined {
    if (!fresh) {
      const existing = this.made.find((m) => m.resource.name === resource.name);
      if (existing) return existing;
    }
    return this.create(resource, variant, { fresh });
  }

  run(action: string, input: JsonObject, base: string): string {
    const step = this.name(base);
    this.steps.push({ as: step, action, input });
    return step;
  }
}

export function steps(s: Setup): { setup?: ExampleStep[] } {
  return s.steps.length ? { setup: s.steps.map((st) => ({ ...st, input: { ...st.input } })) } : {};
}
