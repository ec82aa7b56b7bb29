import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JsonValue } from '@backforge/contracts';
import type { Logger } from '@backforge/runtime';
import { InvokeFastPath } from './invoke-fast-path.js';
import type { Admitted, BackendAnswer, InvokeFailure, InvokeHandler } from './invoke.handler.js';

const ADMITTED = { ok: true } as unknown as Admitted;

/** A server whose own listener (the framework, in the service) answers 299 with what it got. */
async function serve(handler: Partial<InvokeHandler>, logger: Partial<Logger>, bodyLimit = 64): Promise<{ server: Server; url: string; fast: InvokeFastPath }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => res.writeHead(299, { 'content-type': 'text/plain' }).end(`fallback ${req.method} ${body}`));
  });
  const fast = new InvokeFastPath(handler as InvokeHandler, bodyLimit, logger as Logger);
  fast.install(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, fast };
}

const post = (url: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }, method = 'POST') =>
  fetch(url, { method, headers, ...(method === 'GET' ? {} : { body }) }).then(async (r) => ({ status: r.status, text: await r.text(), headers: r.headers }));

describe('InvokeFastPath', () => {
  it('answers a plain invoke with the backend answer and its status, passes the body text through, and writes the access line', async () => {
    const runs: unknown[] = [];
    const lines: unknown[] = [];
    const handler = {
      admit: (authorization: unknown, slug: string) => (authorization === 'Bearer k' && slug === 'shop' ? ADMITTED : { ok: false as const, code: 'UNAUTHENTICATED' as const, message: 'no' }),
      run: async (_a: Admitted, body: unknown, text?: string, correlationId?: string) => {
        runs.push({ body, text, correlationId });
        return { ok: true as const, status: 404, body: { ok: false, error: { code: 'NOT_FOUND', message: 'none' } } };
      },
    };
    const { server, url } = await serve(handler, { isLevelEnabled: () => true, info: (line: unknown) => void lines.push(line), error: () => undefined });
    try {
      const r = await post(`${url}/v1/invoke/shop?key=secret`, '{ "action": "get" }', { 'content-type': 'application/json; charset=utf-8', authorization: 'Bearer k', 'x-correlation-id': 'c-1' });
      expect({ status: r.status, body: JSON.parse(r.text), type: r.headers.get('content-type'), corr: r.headers.get('x-correlation-id') }).toEqual({
        status: 404,
        body: { ok: false, error: { code: 'NOT_FOUND', message: 'none' } },
        type: 'application/json; charset=utf-8',
        corr: 'c-1',
      });
      expect(runs).toEqual([{ body: { action: 'get' }, text: '{ "action": "get" }', correlationId: 'c-1' }]);
      const refused = await post(`${url}/v1/invoke/shop`, '{}', { 'content-type': 'application/json' });
      expect([refused.status, JSON.parse(refused.text).error.code, JSON.parse(refused.text).error.correlationId]).toEqual([401, 'UNAUTHENTICATED', refused.headers.get('x-correlation-id')]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(lines[0]).toMatchObject({ correlationId: 'c-1', method: 'POST', url: '/v1/invoke/shop?key=[REDACTED]', status: 404 });
      expect(lines).toHaveLength(2);
    } finally {
      server.close();
    }
  });

  it('leaves other methods, targets, content types, empty, chunked and oversize bodies to the framework, and everything once disabled', async () => {
    const handler = { admit: () => ADMITTED, run: async () => ({ ok: true as const, status: 200, body: { ok: true, result: 1 } }) };
    const { server, url, fast } = await serve(handler, { isLevelEnabled: () => false });
    try {
      const json = { 'content-type': 'application/json' };
      const cases = [
        await post(`${url}/v1/invoke/shop`, '', json, 'GET'),
        await post(`${url}/v1/invoke/sh%6Fp`, '{}', json),
        await post(`${url}/v1/invoke/shop/`, '{}', json),
        await post(`${url}/v1/invoke/shop`, '{}', { 'content-type': 'text/plain' }),
        await post(`${url}/v1/invoke/shop`, '{}', { 'content-type': 'application/vnd.api+json' }),
        await post(`${url}/v1/invoke/shop`, '', json),
        await post(`${url}/v1/invoke/shop`, `{"pad":"${'x'.repeat(100)}"}`, json),
        await fetch(`${url}/v1/invoke/shop`, { method: 'POST', headers: json, body: new Blob(['{}']).stream(), duplex: 'half' }).then((r) => ({ status: r.status })),
      ];
      expect(cases.map((c) => c.status)).toEqual([299, 299, 299, 299, 299, 299, 299, 299]);
      expect((await post(`${url}/v1/invoke/shop`, '{}', json)).status).toBe(200);
      fast.disable();
      expect((await post(`${url}/v1/invoke/shop`, '{}', json)).text).toBe('fallback POST {}');
    } finally {
      server.close();
    }
  });

  it('refuses what is not a JSON object or carries a prototype key as the framework parser does, and answers 500 when the handler fails', async () => {
    const errors: unknown[] = [];
    const handler = {
      admit: () => ADMITTED,
      run: async (_a: Admitted, body: unknown): Promise<BackendAnswer | InvokeFailure> => {
        if ((body as { boom?: boolean }).boom) throw new Error('boom');
        return typeof body === 'object' && body !== null && !Array.isArray(body)
          ? { ok: true, status: 200, body: { ok: true, result: body as JsonValue } }
          : { ok: false, code: 'INVALID_REQUEST', message: 'The request body must be a JSON object' };
      },
    };
    const { server, url } = await serve(handler, { isLevelEnabled: () => false, error: (line: unknown) => void errors.push(line) }, 1024);
    try {
      const answer = async (body: string) => {
        const r = await post(`${url}/v1/invoke/shop`, body);
        return [r.status, (JSON.parse(r.text) as { error?: { message: string } }).error?.message ?? 'ok'];
      };
      expect(await answer('{"a":')).toEqual([400, 'The request body is not valid JSON']);
      expect(await answer('{"a":{"__proto__":{"x":1}}}')).toEqual([400, 'The request body is not valid JSON']);
      expect(await answer('[{"constructor":{"prototype":{}}}]')).toEqual([400, 'The request body is not valid JSON']);
      expect(await answer('{"constructor":"x","proto":"\\u0041"}')).toEqual([200, 'ok']);
      expect(await answer('\uFEFF{"a":1}')).toEqual([200, 'ok']);
      expect(await answer('[1]')).toEqual([400, 'The request body must be a JSON object']);
      expect(await answer('{"boom":true}')).toEqual([500, 'Internal error']);
      expect(errors).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});
