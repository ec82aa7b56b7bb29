/**
 * Small handler bundles shaped like esbuild IIFE output: evaluating one defines
 * globalThis.BackforgeBackend = { handle(request, context) }. `body` is the handler's async body,
 * with `request` and `context` in scope.
 */
export function bundle(body: string, prelude = ''): string {
  return `"use strict";
var BackforgeBackend = (() => {
  ${prelude}
  async function handle(request, context) {
    ${body}
  }
  return { handle };
})();
globalThis.BackforgeBackend = BackforgeBackend;
`;
}

export const ok = (expr: string): string => `return { status: 200, body: { ok: true, result: ${expr} } };`;

/** A well-behaved backend: echoes input, counts its calls, and keeps notes in its store. */
export const ECHO_BUNDLE = bundle(
  `calls += 1;
   if (request.action === 'note') {
     const r = await context.store.insert('notes', { text: request.input.text }, { unique: ['text'] });
     if (!r.ok) return { status: 409, body: { ok: false, error: { code: 'UNIQUE_VIOLATION', message: r.reason } } };
     return { status: 200, body: { ok: true, result: r.record } };
   }
   if (request.action === 'notes') {
     const r = await context.store.list('notes', { limit: 100, offset: 0 });
     return { status: 200, body: { ok: true, result: r } };
   }
   return { status: 200, body: { ok: true, result: { echo: request.input ?? null, calls, now: context.now() } } };`,
  'let calls = 0;',
);
