/** After the word `api`, `-q` is --param (the root would take it as --quiet); nowhere else. */
import { describe, expect, it } from 'vitest';
import { rewriteApiQueryFlag } from '../../../src/commands/api.js';
import { checkApiPath, parseQueryPairs } from '../../../src/run/one-shot/api-call.js';

describe('rewriteApiQueryFlag', () => {
  it.each([
    [
      ['api', '/x', '-q', 'a=b'],
      ['api', '/x', '--param', 'a=b'],
    ],
    [
      ['--base-url', 'http://h', '-q', 'api', '/x', '-qa=b'],
      ['--base-url', 'http://h', '-q', 'api', '/x', '--param=a=b'],
    ],
    [
      ['--profile', 'api', 'history', 'h100', '-q'],
      ['--profile', 'api', 'history', 'h100', '-q'],
    ],
    [
      ['history', 'h100', '-q'],
      ['history', 'h100', '-q'],
    ],
    [
      ['api', '/x', '--', '-q'],
      ['api', '/x', '--', '-q'],
    ],
    [
      ['api', '/x', '--quiet', '-q', 'a'],
      ['api', '/x', '--quiet', '--param', 'a'],
    ],
  ])('%j → %j', (argv, expected) => {
    expect(rewriteApiQueryFlag(argv)).toEqual(expected);
  });
  it('a -q with nothing after it is exit 2 naming name=value', () => {
    expect(() => rewriteApiQueryFlag(['api', '/x', '-q'])).toThrow(/-q needs name=value/);
    expect(() => rewriteApiQueryFlag(['api', '/x', '-q', '--sandbox'])).toThrow(/-q needs name=value/);
  });
});

describe('api paths and query pairs', () => {
  it('accepts origin-relative paths, with or without a query', () => {
    expect(checkApiPath('/api/otpi?lab=openai')).toBe('/api/otpi?lab=openai');
    expect(checkApiPath('/api/gpu/H100%20SXM')).toBe('/api/gpu/H100%20SXM');
  });
  it.each(['api/otpi', '//evil.example/x', '/\\evil.example', 'https://evil.example/', '/a b', '/a\tb', '/a#b', ''])(
    'refuses %j (exit 2)',
    (p) => {
      expect(() => checkApiPath(p)).toThrow(expect.objectContaining({ exitCode: 2 }));
    },
  );
  it('splits at the first =, keeps empty values, refuses a pair without a name', () => {
    expect(parseQueryPairs(['lab=openai', 'expr=a=b', 'flag'])).toEqual({ lab: 'openai', expr: 'a=b', flag: '' });
    expect(() => parseQueryPairs(['=x'])).toThrow(expect.objectContaining({ exitCode: 2 }));
  });
});
