import type { ExampleCase, ResourceSpec } from '@backforge/blueprint';
import type { JsonValue } from '@backforge/contracts';
import type { Context } from './derive.js';
import { Setup, steps } from './setup.js';
import { dayOf, matches, words } from './values.js';

/** Example cases of list actions: every record, then each filter on two records that differ. */
export function listCases(ctx: Context, resource: ResourceSpec, filters: { param: string; field: string; op: string }[]): ExampleCase[] {
  const what = words(resource.name);
  const cases: ExampleCase[] = [];
  const s = new Setup(ctx);
  const a = s.create(resource, 1, { fresh: true });
  const b = a ? s.create(resource, 2, { fresh: true }) : undefined;
  if (a && b) {
    cases.push({ name: `lists every ${what}`, ...steps(s), input: {}, expect: { status: 200, resultCount: 2, result: { total: 2, offset: 0 } } });
    for (const filter of filters) {
      const field = resource.fields.find((f) => f.name === filter.field);
      if (!field) continue;
      const va = ctx.stored(resource, a.input, field.name);
      const vb = ctx.stored(resource, b.input, field.name);
      if (va === undefined || vb === undefined) continue;
      let param: JsonValue | undefined;
      switch (filter.op) {
        case 'eq':
          param = va;
          break;
        case 'contains':
          param = Array.isArray(va) ? (va[0]) : typeof va === 'string' ? va : undefined;
          break;
        case 'lt':
        case 'gte':
          param = vb;
          break;
        case 'lte':
        case 'gt':
          param = va;
          break;
        case 'onDay':
        case 'toDay':
          param = dayOf(va);
          break;
        case 'fromDay':
          param = dayOf(vb);
          break;
      }
      if (param === undefined) continue;
      const count = [va, vb].filter((v) => matches(v, filter.op, param)).length;
      cases.push({ name: `filters by ${words(filter.param)}`, ...steps(s), input: { [filter.param]: param }, expect: { status: 200, resultCount: count, result: { total: count } } });
    }
  }
  cases.push({ name: 'refuses a negative offset', input: { offset: -1 }, expect: { status: 400, errorCode: 'VALIDATION_FAILED' } });
  return cases;
}
