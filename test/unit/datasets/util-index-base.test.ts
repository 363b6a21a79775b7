/**
 * The base day util-index names when the service could not rebase to it (`baseAvailable: false`):
 * --base-date as the date it stands for, or the default base when none is given.
 */
import { describe, expect, it } from 'vitest';
import utilIndex from '../../../src/datasets/util-index.js';
import { DEFAULT_BASE_DATE } from '../../../src/domain/service/contract.js';

/** Only --base-date matters here; the rest of a run's flags are left out. */
const flags = (f: { baseDate?: string }) => f as Parameters<NonNullable<typeof utilIndex.indexBase>>[0];

describe('util-index indexBase', () => {
  it('is the default base without --base-date, the date itself with one, and a relative one resolved', () => {
    expect(utilIndex.indexBase?.(flags({}), '2026-11-20')).toBe(DEFAULT_BASE_DATE);
    expect(utilIndex.indexBase?.(flags({ baseDate: '2025-03-01' }), '2026-11-20')).toBe('2025-03-01');
    expect(utilIndex.indexBase?.(flags({ baseDate: '30d' }), '2026-11-20')).toBe('2026-10-21');
  });
});
