import { LLM_DEFAULTS, LlmConfigError, resolveLlmConfig } from './llm-config.js';

describe('resolveLlmConfig', () => {
  it('fills in the defaults and appends /chat/completions to the base path', () => {
    const resolved = resolveLlmConfig({ baseUrl: 'https://llm.example.com/v1/', apiKey: 'k', model: ' gpt ' });
    expect(resolved.url.href).toBe('https://llm.example.com/v1/chat/completions');
    expect(resolved).toMatchObject({ model: 'gpt', apiKey: 'k', ...LLM_DEFAULTS });
    expect(LLM_DEFAULTS).toEqual({ timeoutMs: 60_000, maxResponseBytes: 2 * 1024 * 1024, repairRounds: 1 });
  });

  it('keeps a query string (gateways put an api-version there)', () => {
    expect(resolveLlmConfig({ baseUrl: 'https://gw.example.com/openai?api-version=2024-10-21', model: 'm' }).url.href).toBe(
      'https://gw.example.com/openai/chat/completions?api-version=2024-10-21',
    );
  });

  it('treats an empty key as no key', () => {
    expect(resolveLlmConfig({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: '', model: 'm' }).apiKey).toBeUndefined();
  });

  it.each([
    [{ baseUrl: 'not a url', model: 'm' }, 'baseUrl', /absolute http\(s\) URL/],
    [{ baseUrl: 'ftp://x/v1', model: 'm' }, 'baseUrl', /http or https, got ftp:/],
    [{ baseUrl: 'https://user:pw@x/v1', model: 'm' }, 'baseUrl', /must not carry credentials/],
    [{ baseUrl: 'https://x/v1', model: '  ' }, 'model', /non-empty/],
    [{ baseUrl: 'https://x/v1', model: 'm', apiKey: 'a\nb' }, 'apiKey', /single line/],
    [{ baseUrl: 'https://x/v1', model: 'm', timeoutMs: 0 }, 'timeoutMs', /from 1 to 600000, got 0/],
    [{ baseUrl: 'https://x/v1', model: 'm', maxResponseBytes: 1.5 }, 'maxResponseBytes', /whole number/],
    [{ baseUrl: 'https://x/v1', model: 'm', repairRounds: 9 }, 'repairRounds', /from 0 to 3, got 9/],
  ])('refuses %j, naming %s', (config, setting, message) => {
    let thrown: unknown;
    try {
      resolveLlmConfig(config);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(LlmConfigError);
    expect(thrown).toMatchObject({ setting, message: expect.stringMatching(message) });
  });
});
