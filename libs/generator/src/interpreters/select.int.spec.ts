import { exampleBlueprints } from '@backforge/blueprint';
import { OpenAiTestServer } from './llm/test-support/openai-test-server.js';
import { interpreterSettings, loadConfig } from '@backforge/config';
import { AutoInterpreter, createInterpreter } from './select.js';
import { RulesInterpreter } from './rules/index.js';

const UNDERSTOOD_BY_RULES =
  'A todo list API. Each todo has a title, an optional due date and a done flag. Users can add todos, list them, mark a todo as done, and delete todos.';
const NOT_UNDERSTOOD_BY_RULES = 'Make it pop. Lots of synergy, but in blue, and it should feel like Tuesday.';

describe('auto mode with the real rules interpreter and a local LLM endpoint', () => {
  let server: OpenAiTestServer;

  beforeAll(async () => {
    server = await OpenAiTestServer.start();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
  });

  const auto = () =>
    createInterpreter(
      loadConfig(interpreterSettings, { BACKFORGE_INTERPRETER: 'auto', LLM_BASE_URL: server.baseUrl, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-test-auto-0123456789' }),
    );

  it('builds an AutoInterpreter over the real rules interpreter', () => {
    expect(auto()).toBeInstanceOf(AutoInterpreter);
    expect(createInterpreter(loadConfig(interpreterSettings, {}))).toBeInstanceOf(RulesInterpreter);
  });

  it('answers from the rules when they understand, and the LLM receives nothing', async () => {
    const result = await auto().interpret({ name: 'todos', prompt: UNDERSTOOD_BY_RULES });
    expect(result).toMatchObject({ ok: true, interpreter: 'rules' });
    expect(server.requests).toHaveLength(0);
  });

  it('asks the LLM when the rules do not understand', async () => {
    const rules = await new RulesInterpreter().interpret({ name: 'vibes', prompt: NOT_UNDERSTOOD_BY_RULES });
    expect(rules).toMatchObject({ ok: false, error: { code: 'PROMPT_NOT_UNDERSTOOD' } });

    server.enqueue({ kind: 'reply', content: JSON.stringify(exampleBlueprints.library) });
    const result = await auto().interpret({ name: 'vibes', prompt: NOT_UNDERSTOOD_BY_RULES });
    expect(result).toMatchObject({ ok: true, blueprint: exampleBlueprints.library, interpreter: 'llm', warnings: [] });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer sk-test-auto-0123456789');
  });

  it("keeps the rules' PROMPT_NOT_UNDERSTOOD when no LLM is configured", async () => {
    const result = await createInterpreter(loadConfig(interpreterSettings, { BACKFORGE_INTERPRETER: 'auto' })).interpret({ name: 'vibes', prompt: NOT_UNDERSTOOD_BY_RULES });
    expect(result).toMatchObject({ ok: false, error: { code: 'PROMPT_NOT_UNDERSTOOD' } });
    expect(server.requests).toHaveLength(0);
  });
});
