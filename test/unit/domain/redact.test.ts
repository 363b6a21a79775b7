/** Secrets are matched on decoded text: whatever way a server encodes the key, the printed line hides it. */
import { describe, expect, it } from 'vitest';
import { redactAll, redactSecret, redactUrl } from '../../../src/domain/secrets/redact.js';

const KEY = 'sk_live_ab12_cd34';
const everyByte = (s: string): string => [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

describe('the key in every encoding', () => {
  const forms: Array<[string, string]> = [
    ['%5F for _', KEY.replaceAll('_', '%5F')],
    ['%5f for _', KEY.replaceAll('_', '%5f')],
    ['every byte encoded', everyByte(KEY)],
    ['every byte encoded, upper case', everyByte(KEY).toUpperCase()],
    ['encoded twice', everyByte(KEY).replaceAll('%', '%25')],
    ['encoded three times', everyByte(KEY).replaceAll('%', '%2525')],
    ['only some bytes encoded', `sk%5Flive_ab%31%32_cd34`],
    ['lower-cased whole', KEY.toUpperCase()],
    ['decimal entities', KEY.replaceAll('_', '&#95;')],
    ['hex entities', KEY.replaceAll('_', '&#x5f;')],
    ['hex entities, upper case', KEY.replaceAll('_', '&#X5F;')],
    ['every character an entity', [...KEY].map((c) => `&#${c.charCodeAt(0)};`).join('')],
    ['an entity of an escape', KEY.replaceAll('_', '&#37;5F')],
    ['an escaped entity', KEY.replaceAll('_', '%26%2395%3B')],
    ['named entities', KEY.replaceAll('_', '&lowbar;')],
    ['&amp; around an entity', KEY.replaceAll('_', '&amp;#95;')],
    ['JSON \\u escapes', KEY.replaceAll('_', '\\u005f')],
    ['base64 of Bearer <key>', Buffer.from(`Bearer ${KEY}`).toString('base64')],
    ['base64 of user:<key>', Buffer.from(`user:${KEY}`).toString('base64')],
    ['base64url of :<key>, no padding', Buffer.from(`:${KEY}`).toString('base64url').replace(/=+$/, '')],
    ['base64 of the key', Buffer.from(KEY).toString('base64')],
    ['base64 of the key, percent-encoded', encodeURIComponent(Buffer.from(`Bearer ${KEY}?`).toString('base64'))],
  ];
  it.each(forms)('%s', (_name, form) => {
    const out = redactSecret(`error: got ${form} back`, KEY);
    expect(out).toBe('error: got *** back');
  });

  it('in a redirect Location, the rest of the URL stays readable', () => {
    expect(redactAll(`redirected to https://x.example/cb?token=${everyByte(KEY)}&next=%2Fhome`, [KEY])).toBe(
      'redirected to https://x.example/cb?token=***&next=%2Fhome',
    );
  });

  it('text without the key is left exactly as it was, escapes included', () => {
    const text = 'a%20b &#95; &amp; \\u005f YWJjZGVm %ZZ &#xZZ; 100%';
    expect(redactSecret(text, KEY)).toBe(text);
  });
});

describe('URL credentials', () => {
  it('masks up to the last @ of the authority (a raw @ in the password)', () => {
    expect(redactUrl('http://bob:hun@ter2pw@host/x')).toBe('http://***@host/x');
    expect(redactUrl('base http://bob:hun@ter2pw@host:8080?a=b@c')).toBe('base http://***@host:8080?a=b@c');
    expect(redactUrl('https://host/path@x and http://u:p@h')).toBe('https://host/path@x and http://***@h');
  });
});
