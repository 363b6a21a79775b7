/** Today is provisional (marked, noted, --settled leaves it out); empty and future windows answer alike on every command. */
import { describe, expect, it } from 'vitest';
import { runAt } from './append-helpers.js';

const NOW = '2026-11-20T10:36:00Z';

describe('provisional rows of today', () => {
  it("the sandbox serves nothing after its clock; the table marks today's rows; -v notes them; --settled leaves them out", async () => {
    const csv = await runAt(NOW, ['history', 'h100', '--granularity', 'hourly', '--from', 'today', '-f', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const times = csv.stdout
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    expect(times.at(-1)).toBe('2026-11-20T10:00:00.000Z');
    expect(times).toHaveLength(11);
    expect(csv.stderr).toBe('');

    const table = await runAt(NOW, ['history', 'h100', '--granularity', 'daily', '--from', '2026-11-18', '-f', 'table']);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^timestamp +index_value +note$/);
    expect(lines.at(-1)).toMatch(/^2026-11-20 +[\d.]+ +provisional$/);
    expect(lines.filter((l) => l.endsWith('provisional'))).toHaveLength(1);

    const verbose = await runAt(NOW, ['history', 'h100', '--granularity', 'daily', '--from', '2026-11-18', '-f', 'csv', '-v']);
    expect(verbose.stderr).toContain('gpumkt: 1 row of today (2026-11-20 UTC) is provisional; --settled omits it\n');

    const settled = await runAt(NOW, ['history', 'h100', '--granularity', 'daily', '--from', '2026-11-18', '-f', 'csv', '--settled']);
    expect(settled.code).toBe(0);
    expect(
      settled.stdout
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((l) => l.slice(0, 10)),
    ).toEqual(['2026-11-18', '2026-11-19']);
    // Analysis views too: the summary ends with the last settled day.
    const stats = await runAt(NOW, [
      'history',
      'h100',
      '--granularity',
      'daily',
      '--from',
      '2026-11-18',
      '--stats',
      '--settled',
      '-f',
      'csv',
    ]);
    expect(stats.stdout.split('\n')[1]).toMatch(/^H100 SXM,index_value,2,2026-11-18T00:00:00\.000Z,2026-11-19T00:00:00\.000Z,/);
  });
});

describe('empty and future windows', () => {
  it.each([
    ['history', 'h100'],
    ['volume', 'h100'],
    ['range', 'h100'],
    ['util-index', '--gpu', 'h100'],
  ])('%s: a window wholly after today exits 2 before any request', async (...cmd) => {
    const r = await runAt(NOW, [...cmd, '--to', '2027-01-01', '-f', 'csv']);
    expect(r.code).toBe(2);
    expect(r.requests).toHaveLength(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'gpumkt: error: the window 2026-12-03..2027-01-01 lies after today (2026-11-20, UTC): there is no data there yet (give --from on or before today)\n',
    );
  });

  it.each([
    ['history', 'h100'],
    ['volume', 'h100'],
    ['range', 'h100'],
  ])('%s: a window with no rows prints the header, the same note, and exits 0 (9 with --fail-empty)', async (...cmd) => {
    const r = await runAt(NOW, [...cmd, '--from', '2020-01-01', '--to', '2020-01-31', '-f', 'csv']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toHaveLength(2);
    expect(r.stderr).toBe(`gpumkt: no rows in 2020-01-01..2020-01-31 (${cmd[0]})\n`);
    const failEmpty = await runAt(NOW, [...cmd, '--from', '2020-01-01', '--to', '2020-01-31', '-f', 'csv', '--fail-empty']);
    expect(failEmpty.code).toBe(9);
  });

  it("util-index: the service's own 404 for such a window stays exit 4", async () => {
    const r = await runAt(NOW, ['util-index', '--gpu', 'h100', '--from', '2020-01-01', '--to', '2020-01-31', '-f', 'csv']);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/no data \(404\)/);
  });
});
