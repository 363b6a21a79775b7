import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serverText, statusError } from '../../../src/api/errors.js';
import { redactAll, redactSecret, redactUrl } from '../../../src/domain/secrets/redact.js';
import { bypassesProxy, normaliseProxy, proxyFromEnv } from '../../../src/api/transport/dispatcher.js';
import { describeNetworkError, isTransientNetworkError, networkErrorHint } from '../../../src/api/transport/network-errors.js';
import { ExitCode } from '../../../src/errors.js';

const KEY = 'canary-KEY-7f3e9a1b-never-print-me';

describe('redaction', () => {
  it('hides URL credentials and the key', () => {
    expect(redactUrl('proxy http://user:pa55@proxy.corp:3128 and https://a:b@c/d')).toBe(
      'proxy http://***@proxy.corp:3128 and https://***@c/d',
    );
    expect(redactUrl('https://api.example.com/x?y=1')).toBe('https://api.example.com/x?y=1');
    expect(redactSecret(`key ${KEY} again ${KEY}`, KEY)).toBe('key *** again ***');
  });

  it('hides the key in every encoding a server or a URL may echo it in', () => {
    const key = 'abc+def/ghi=12345';
    const forms = [
      'abc%2Bdef%2Fghi%3D12345',
      'abc%2bdef%2fghi%3d12345',
      'abc%252Bdef%252Fghi%253D12345',
      'YWJjK2RlZi9naGk9MTIzNDU=',
      'YWJjK2RlZi9naGk9MTIzNDU',
      'abc+def/ghi=12345',
    ];
    for (const f of forms) expect(redactSecret(`got ${f} back`, key), f).toBe('got *** back');
    expect(redactSecret(`"Bearer ${Buffer.from(key).toString('base64url')}"`, key)).toBe('"Bearer ***"');
    // A key shorter than 4 characters would mask ordinary text; such keys are not masked.
    expect(redactSecret('abc', 'ab')).toBe('abc');
    expect(redactAll(`http://u:pw@h/${encodeURIComponent(key)}/x`, [key])).toBe('http://***@h/***/x');
  });

  it('serverText: no control character, no key (even one split by an escape sequence), at most ~300 characters', () => {
    const split = `canary-KEY-\x1b[0m7f3e9a1b-never-print-me`;
    expect(serverText(`echo ${split}`, KEY)).toBe('echo ***');
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        const out = serverText(`${a}${KEY}${b}`, KEY);
        expect(out).not.toContain(KEY);
        expect(out).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
        expect(out.length).toBeLessThanOrEqual(301);
      }),
      { numRuns: 500 },
    );
  });
});

describe('statusError', () => {
  const base = { truncated: false, contentType: 'application/json', where: 'https://api.example.com', secret: KEY };

  it('maps statuses to exit codes and quotes the service message', () => {
    const cases: Array<[number, number]> = [
      [400, ExitCode.usage],
      [401, ExitCode.auth],
      [403, ExitCode.auth],
      [404, ExitCode.noData],
      [429, ExitCode.unreachable],
      [503, ExitCode.unreachable],
      [418, ExitCode.invalidResponse],
    ];
    for (const [status, code] of cases) {
      const e = statusError({ ...base, status, text: '{"error":"E","message":"the reason"}' });
      expect(e.exitCode, String(status)).toBe(code);
      expect(e.message).toContain('the reason');
    }
  });

  it('describes a non-JSON or truncated body by type and size, never by content', () => {
    const html = statusError({ ...base, status: 502, text: '<html><h1>Bad Gateway</h1></html>', contentType: 'text/html; charset=utf-8' });
    expect(html.message).toBe('https://api.example.com answered HTTP 502 (text/html, 33 bytes)');
    const cut = statusError({ ...base, status: 401, text: '{"message":"x', truncated: true });
    expect(cut.message).toBe('the API refused the key (401): HTTP 401 (application/json, more than 13 bytes)');
  });
});

describe('network errors', () => {
  const err = (code: string, message = code, extra: object = {}) => Object.assign(new Error(message), { code }, extra);

  it('retries resets, refusals and timeouts; not TLS, unknown hosts or proxy refusals', () => {
    for (const c of [
      'ECONNRESET',
      'ECONNREFUSED',
      'UND_ERR_SOCKET',
      'UND_ERR_HEADERS_TIMEOUT',
      'UND_ERR_BODY_TIMEOUT',
      'UND_ERR_CONNECT_TIMEOUT',
      'EAI_AGAIN',
    ]) {
      expect(isTransientNetworkError(err(c)), c).toBe(true);
    }
    for (const c of ['DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID', 'ENOTFOUND']) {
      expect(isTransientNetworkError(err(c)), c).toBe(false);
    }
    expect(isTransientNetworkError(err('UND_ERR_ABORTED', 'Proxy response (407) !== 200 when HTTP Tunneling'))).toBe(false);
    expect(isTransientNetworkError(err('UND_ERR_ABORTED', 'Proxy response (503) !== 200 when HTTP Tunneling'))).toBe(true);
  });

  it('looks through wrappers: undici causes and dual-stack AggregateErrors with empty messages', () => {
    const agg = Object.assign(
      new AggregateError([err('ECONNREFUSED', 'connect ECONNREFUSED ::1:9'), err('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9')], ''),
      { code: 'ECONNREFUSED' },
    );
    expect(describeNetworkError(agg)).toBe('connect ECONNREFUSED ::1:9');
    const wrapped = err('UND_ERR_SOCKET', 'other side closed', { cause: err('ECONNRESET', 'read ECONNRESET') });
    expect(isTransientNetworkError(wrapped)).toBe(true);
    expect(describeNetworkError(wrapped)).toBe('the connection was closed before the response was complete');
  });

  it('hints at NODE_EXTRA_CA_CERTS for certificate errors, and never shows proxy credentials', () => {
    expect(networkErrorHint(err('SELF_SIGNED_CERT_IN_CHAIN'))).toMatch(/NODE_EXTRA_CA_CERTS/);
    expect(describeNetworkError(err('EPROTO', 'bad thing at http://u:secret@proxy:1'))).toBe('EPROTO: bad thing at http://***@proxy:1');
  });
});

describe('proxy settings', () => {
  it('reads either case, lower case first, blanks ignored', () => {
    expect(proxyFromEnv({ HTTPS_PROXY: 'http://a:1', https_proxy: 'http://b:2', HTTP_PROXY: ' ', NO_PROXY: 'localhost' })).toEqual({
      httpsProxy: 'http://b:2',
      httpProxy: undefined,
      noProxy: 'localhost',
    });
  });

  it('accepts host:port as http://, refuses junk without echoing it', () => {
    expect(normaliseProxy('HTTPS_PROXY', 'proxy.corp:3128')).toBe('http://proxy.corp:3128');
    expect(normaliseProxy('HTTPS_PROXY', 'https://u:p@proxy.corp')).toBe('https://u:p@proxy.corp');
    expect(() => normaliseProxy('HTTPS_PROXY', 'http://u:hunter2@[::1')).toThrow(/^HTTPS_PROXY is not a valid proxy URL$/);
    expect(() => normaliseProxy('HTTP_PROXY', 'ftp://u:hunter2@x')).toThrow(/unsupported scheme ftp:$/);
  });

  it('refuses a path, query or fragment (undici would fail deep inside a request), without echoing the URL', () => {
    expect(normaliseProxy('HTTP_PROXY', 'http://proxy.corp:3128/')).toBe('http://proxy.corp:3128/');
    for (const bad of ['http://u:hunter2@proxy:1/path', 'http://proxy:1/?token=hunter2', 'http://proxy:1/#hunter2', 'proxy:1?x']) {
      expect(() => normaliseProxy('HTTP_PROXY', bad), bad).toThrow(
        /^HTTP_PROXY must be a proxy address without a path, query or fragment$/,
      );
    }
  });

  it('NO_PROXY: *, exact hosts, domain suffixes, and host:port', () => {
    const u = new URL('https://api.example.com/x');
    expect(bypassesProxy(u, undefined)).toBe(false);
    expect(bypassesProxy(u, '*')).toBe(true);
    expect(bypassesProxy(u, 'localhost, api.example.com')).toBe(true);
    expect(bypassesProxy(u, '.example.com')).toBe(true);
    expect(bypassesProxy(u, 'example.com:443')).toBe(true);
    expect(bypassesProxy(u, 'example.com:8443')).toBe(false);
    expect(bypassesProxy(u, 'ample.com')).toBe(false);
  });
});
