/**
 * `status` at a narrow terminal: every line fits the screen, and a long value wraps under its value
 * column with the label kept (`key      …`), so the report still reads as three labelled entries.
 * Off a terminal the lines are whole (one per entry, for grep and logs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { runCli, TODAY } from '../helpers/cli.js';
import { needs } from '../helpers/requires.js';
import { cells, runInTerminal } from '../helpers/terminal.js';

const PREMIUM = 'sk_prem_status_terminal_test';
let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox({ today: TODAY, keys: { valid: [PREMIUM] } });
});
afterAll(async () => {
  await sb.close();
});

describe('status at a 40-column terminal', needs('tmux'), () => {
  it('fits every line, keeps each label, and wraps values under the value column', async () => {
    const t = runInTerminal({ width: 40, height: 60, args: ['status'], env: { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: PREMIUM } });
    try {
      expect(await t.exit()).toBe(0);
      const screen = t.screen().filter((l) => l !== '');
      expect(screen.filter((l) => cells(l) > 40)).toEqual([]);
      // Each entry starts with its label; every other line continues a value, indented past the labels.
      expect(screen.filter((l) => /^\S/.test(l)).map((l) => l.slice(0, 9))).toEqual(['service  ', 'key      ', 'reads    ']);
      expect(screen.filter((l) => !/^\S/.test(l) && !l.startsWith(' '.repeat(9)))).toEqual([]);
      expect(screen.join(' ').replace(/ +/g, ' ')).toContain('plan premium (sk_prem_ prefix), accepted');
    } finally {
      t.close();
    }
  });
});

describe('status off a terminal', () => {
  it('prints one line per entry, however long', async () => {
    const r = await runCli(['status'], { env: { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: PREMIUM } });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^key {6}GPUMKT_API_KEY \(environment\): plan premium \(sk_prem_ prefix\), accepted$/m);
  });
});
