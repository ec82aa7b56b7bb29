import { blueprintJsonSchema, exampleBlueprints, validateBlueprint } from '@backforge/blueprint';
import { redact } from './chat-client.js';
import { parseJsonAnswer } from './llm-interpreter.js';
import { describePartialBlueprint } from './partial-blueprint.js';
import { repairMessages, systemPrompt } from './prompt.js';

describe('the system prompt', () => {
  it('carries the rules, the schema and a valid example', () => {
    const text = systemPrompt();
    expect(text).toContain('you never write code');
    expect(text).toContain(JSON.stringify(blueprintJsonSchema));
    expect(text).toContain(JSON.stringify(exampleBlueprints.todo));
    expect(validateBlueprint(exampleBlueprints.todo).ok).toBe(true);
  });
});

describe('repairMessages', () => {
  it('echoes the answer and lists the issues, at most 60 of them', () => {
    const issues = Array.from({ length: 65 }, (_, i) => ({ path: `/actions/${i}/name`, message: 'bad' }));
    const [assistant, user] = repairMessages('{"a":1}', issues, false);
    expect(assistant).toEqual({ role: 'assistant', content: '{"a":1}' });
    expect(user?.content).toContain('- /actions/0/name: bad');
    expect(user?.content).toContain('- /actions/59/name: bad');
    expect(user?.content).not.toContain('/actions/60/name');
    expect(user?.content).toContain('... and 5 more');
  });

  it('says when the answer was cut off, and does not echo a huge answer', () => {
    const [assistant, user] = repairMessages('x'.repeat(200_000), [{ path: '/', message: 'not JSON' }], true);
    expect(assistant?.content).toBe('(answer too long to repeat)');
    expect(user?.content).toMatch(/^Your answer was cut off/);
  });
});

describe('parseJsonAnswer', () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['```json\n{"a":1}\n```', { a: 1 }],
    ['Sure! {"a":{"b":[1]}} Hope this helps.', { a: { b: [1] } }],
  ])('reads %j', (text, value) => {
    expect(parseJsonAnswer(text)).toEqual({ ok: true, value });
  });

  it.each(['no json here', '{"a":', '[1,2]'])('refuses %j with an issue at /', (text) => {
    const parsed = parseJsonAnswer(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.issue.path).toBe('/');
  });
});

describe('describePartialBlueprint', () => {
  it('names what a broken design got right, reading defensively', () => {
    expect(
      describePartialBlueprint({
        resources: [{ name: 'Book', fields: [{ name: 'title', type: 'string' }, { name: 'isbn' }, 42] }, 'junk', { fields: [] }],
        actions: [{ name: 'borrowBook', kind: 'transition', resource: 'Book' }, { kind: 'get' }],
        rules: [{ kind: 'capacity', resource: 'Loan' }],
      }),
    ).toEqual(['resource Book with fields title (string), isbn', 'action borrowBook: transition on Book', 'rule capacity on Loan']);
    expect(describePartialBlueprint('text')).toEqual([]);
    expect(describePartialBlueprint(null)).toEqual([]);
  });
});

describe('redact', () => {
  it('removes the key, OpenAI-shaped keys, and anything starting like the key', () => {
    const key = 'gw-live-7d1e5b0c9a2f44e1';
    expect(redact(`bad key ${key}!`, key)).toBe('bad key [redacted]!');
    expect(redact('Incorrect API key provided: sk-proj-abc***********xyz.', undefined)).toBe('Incorrect API key provided: [redacted]');
    expect(redact(`key gw-live-7d****e1 refused`, key)).toBe('key [redacted] refused');
    expect(redact('api-version 2024 not supported', key)).toBe('api-version 2024 not supported');
  });
});
