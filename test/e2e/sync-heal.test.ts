/**
 * A lake that heals (docs/sync.md, "When the lake is damaged"): a damaged file fails its own dataset
 * and names the file, the others go on; deleted data is fetched again; the lake's small wounds (a full
 * disk, leftovers of a killed run, a stray copy, a clock that went back) are said and mended, never an
 * internal error.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, isolatedHome } from '../helpers/cli.js';
import { makeTempDir, tempEnv } from '../helpers/temp.js';
import { dataFolders, lakeCsv, readState, syncAt } from './sync-helpers.js';
import { readTable } from '../../src/lake/table.js';
import { localStore } from '../../src/store/local.js';

/** The live file of a partition the next sync merges into (its latest), as a path. */
async function newestFile(lake: string, name: string, partition: string): Promise<string> {
  const snap = await readTable(localStore(lake), name);
  const files = (snap?.files ?? []).filter((f) => f.path.startsWith(`${partition}/`));
  const last = files.reduce((a, b) => ((b.maxTime ?? '') > (a.maxTime ?? '') ? b : a));
  return join(lake, last.key);
}

const NOW = '2026-11-20T12:00:00Z';
const NEXT = '2026-11-21T12:00:00Z';
const ARGS = ['--datasets', 'history,volume,latest', '--from', '2026-10-01'] as const;

/** Overwrites 8 bytes in the middle of `file` (a disk's bit rot, a bad copy). */
function corrupt(file: string, at: number): void {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(8, 0xff), 0, 8, at);
  } finally {
    closeSync(fd);
  }
}

describe('a damaged Parquet file fails its own dataset, naming the file', () => {
  // At 20 bytes a page header (its thrift will not decode), at 60 a page's compressed data.
  it.each([20, 60])(
    '8 bytes overwritten at %i: the other datasets sync, exit 10, never an internal error',
    async (at) => {
      const lake = join(makeTempDir('heal'), 'lake');
      expect((await syncAt(NOW, ['sync', lake, ...ARGS])).code).toBe(0);
      const file = await newestFile(lake, 'volume', 'gpu=B200');
      corrupt(file, at);
      const r = await syncAt(NEXT, ['sync', lake, ...ARGS]);
      expect(r.stderr).not.toMatch(/internal error/);
      expect(r.stderr).toContain(`${file} is not a readable Parquet file`);
      expect(r.code, r.stderr).toBe(10);
      const st = readState(lake);
      expect(st.datasets.volume?.status).toBe('failed');
      expect(st.datasets.history?.status).toBe('ok');
      expect(st.datasets.history?.to).toBe('2026-11-21');
      expect(st.datasets.latest?.status).toBe('ok');
    },
    120_000,
  );
});

describe('deleted data is fetched again', () => {
  it('a partition removed from a Parquet lake comes back whole, said on stderr', async () => {
    const lake = join(makeTempDir('heal'), 'lake');
    expect((await syncAt(NOW, ['sync', lake, ...ARGS])).code).toBe(0);
    const before = readState(lake).datasets.history?.rows ?? 0;
    rmSync(join(lake, 'history', 'gpu=H200'), { recursive: true });
    const r = await syncAt(NEXT, ['sync', lake, ...ARGS]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^gpumkt: warning: history: holds [\d,]+ rows, [\d,]+ when last synced; fetching it again from 2026-10-01$/m);
    expect(readdirSync(join(lake, 'history'))).toContain('gpu=H200');
    const st = readState(lake).datasets.history;
    // Every model's day of 2026-11-21 added, and H200's days back.
    expect(st?.rows).toBe(before + 6);
    expect(st?.from).toBe('2026-10-01');
  }, 120_000);

  it('10 lines deleted from a CSV lake come back', async () => {
    const lake = join(makeTempDir('heal'), 'lake');
    const args = ['--datasets', 'history', '--from', '2026-10-01', '--format', 'csv'];
    expect((await syncAt(NOW, ['sync', lake, ...args])).code).toBe(0);
    // The lake's largest file (its settled rows), 10 records cut from it by hand.
    const snap = await readTable(localStore(lake), 'history', { format: 'csv' });
    const file = join(lake, [...(snap?.files ?? [])].sort((a, b) => b.size - a.size)[0]?.key ?? '');
    const lines = readFileSync(file, 'utf8').split('\n');
    const held = (await lakeCsv(lake, 'history')).split('\n');
    writeFileSync(file, [...lines.slice(0, 20), ...lines.slice(30)].join('\n'));
    const r = await syncAt(NEXT, ['sync', lake, ...args]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/history: holds [\d,]+ rows, [\d,]+ when last synced; fetching it again/);
    const now = (await lakeCsv(lake, 'history')).split('\n');
    // The lines come back as the current rows (their knowledge time is this run's: compared without it).
    for (const line of lines.slice(20, 30)) expect(now).toContain(line.replace(/,[^,]*,[^,]*$/, ''));
    expect(readState(lake).datasets.history?.rows).toBe(held.length - 1 + 6);
  }, 120_000);
});

describe('a full disk', () => {
  it('ENOSPC writing the state file: an output error naming it, exit 7, never an internal error', async () => {
    // A private tmpfs (a user and mount namespace: no root needed) filled to its last page, which the
    // lake's lock takes: the state file then meets a real full disk.
    const dir = makeTempDir('full');
    const r = await shell(
      [
        'set -e',
        `D=${dir}`,
        'mount -t tmpfs -o size=2m tmpfs "$D"',
        '$GPUMKT sync "$D/lake" --datasets latest --sandbox 2>/dev/null',
        'head -c 4096 /dev/zero > "$D/spare"',
        'cat /dev/zero > "$D/fill" 2>/dev/null || true',
        'rm "$D/spare"',
        'set +e',
        'GPUMKT_TODAY=2026-11-21 $GPUMKT sync "$D/lake" --datasets latest --sandbox',
        'echo "code=$?"',
      ].join('\n'),
    );
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.stderr).toContain(`gpumkt: error: cannot write ${dir}/lake/.gpumkt-sync.json: no space left on device`);
    expect(r.stdout).toBe('code=7\n');
  }, 120_000);
});

/** Runs a bash script in its own user and mount namespace, `$GPUMKT` the built binary, the sandbox's day pinned. */
function shell(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const home = isolatedHome();
  const env = { PATH: process.env.PATH ?? '', ...tempEnv(), HOME: home, GPUMKT_TODAY: '2026-11-20', GPUMKT: `${process.execPath} ${BIN}` };
  return new Promise((resolve, reject) => {
    const child = spawn('unshare', ['-rm', 'bash', '-c', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
  });
}

describe('the leftovers of a snapshot', () => {
  it('a dead run’s temporary file of an earlier day, and an empty snapshot folder, are removed', async () => {
    const lake = join(makeTempDir('heal'), 'lake');
    expect((await syncAt(NOW, ['sync', lake, '--datasets', 'latest'])).code).toBe(0);
    // What `kill -9` mid-snapshot leaves: a temporary file (its pid long gone), and a folder with nothing in it.
    const temp = join(lake, 'latest', 'snapshot_date=2026-11-20', '.part-0.parquet.999999999.0123456789ab.tmp');
    writeFileSync(temp, 'half a file');
    mkdirSync(join(lake, 'latest', 'snapshot_date=2026-11-19'));
    const r = await syncAt(NEXT, ['sync', lake, '--datasets', 'latest']);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(temp)).toBe(false);
    expect(dataFolders(readdirSync(join(lake, 'latest')))).toEqual(['snapshot_date=2026-11-20', 'snapshot_date=2026-11-21']);
    expect(r.stderr).toContain('latest: snapshot 2026-11-21, 6 rows (2 snapshots since 2026-11-20)');
  }, 120_000);

  it('a clock that went back: the snapshot is refused, naming both dates, and the later snapshot is kept', async () => {
    const lake = join(makeTempDir('heal'), 'lake');
    expect((await syncAt(NEXT, ['sync', lake, '--datasets', 'latest,history', '--from', '2026-11-01'])).code).toBe(0);
    const r = await syncAt(NOW, ['sync', lake, '--datasets', 'latest,history', '--from', '2026-11-01']);
    expect(r.stderr).toContain(
      'latest failed: today is 2026-11-20, but the lake holds a snapshot of 2026-11-21 (did the clock go back?); no snapshot taken',
    );
    expect(r.code, r.stderr).toBe(10);
    expect(dataFolders(readdirSync(join(lake, 'latest')))).toEqual(['snapshot_date=2026-11-21']);
    expect(readState(lake).datasets.latest?.to).toBe('2026-11-21');
  }, 120_000);
});

describe('a stray copy of a file', () => {
  it('part-1.parquet beside the files the log lists: removed, said, its rows never doubled', async () => {
    const lake = join(makeTempDir('heal'), 'lake');
    const args = ['sync', lake, '--datasets', 'history', '--from', '2026-10-01'];
    expect((await syncAt(NOW, args)).code).toBe(0);
    const before = readState(lake).datasets.history?.rows ?? 0;
    const h200 = join(lake, 'history', 'gpu=H200');
    copyFileSync(await newestFile(lake, 'history', 'gpu=H200'), join(h200, 'part-1.parquet'));
    const r = await syncAt(NEXT, args);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^gpumkt: warning: history: removed gpu=H200\/part-1\.parquet, not among the files its log lists$/m);
    // Six new days; the day provisional at NOW settled (its rows revised: a new version each).
    expect(r.stderr).toMatch(/^gpumkt: history: \+6 rows \(6 revised\), [\d,]+ in all/m);
    expect(readState(lake).datasets.history?.rows).toBe(before + 6);
    const live = (await readTable(localStore(lake), 'history'))?.files.filter((f) => f.path.startsWith('gpu=H200/')) ?? [];
    expect(readdirSync(h200).sort()).toEqual(live.map((f) => f.path.slice('gpu=H200/'.length)).sort());
  }, 120_000);
});

describe('a lake written before commits (part-0 files, no log)', () => {
  it('is upgraded by its next sync: a log written, its rows kept, a stray copy collapsed with a warning', async () => {
    const lake = join(makeTempDir('heal'), 'lake');
    const args = ['sync', lake, '--datasets', 'history', '--from', '2026-10-01'];
    expect((await syncAt(NOW, args)).code).toBe(0);
    const before = readState(lake).datasets.history?.rows ?? 0;
    // The layout of a lake gpumkt wrote before commits: the export's own partitioned folder, part-0 files.
    rmSync(join(lake, 'history'), { recursive: true });
    const old = await syncAt(NOW, [
      'history',
      'all',
      '--granularity',
      'daily',
      '--from',
      '2026-10-01',
      '-o',
      join(lake, 'history'),
      '--partition-by',
      'gpu',
    ]);
    expect(old.code, old.stderr).toBe(0);
    const h200 = join(lake, 'history', 'gpu=H200');
    copyFileSync(join(h200, 'part-0.parquet'), join(h200, 'part-1.parquet'));
    const r = await syncAt(NEXT, args);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /^gpumkt: warning: history: .*history held 51 rows twice \(the same time and key: a stray copy\?\); kept one of each$/m,
    );
    expect(readState(lake).datasets.history?.rows).toBe(before + 6);
    expect(existsSync(join(lake, 'history', '_delta_log', '00000000000000000000.json'))).toBe(true);
  }, 120_000);
});

describe('a model new since the last sync', () => {
  it('gets its back-history, not only the days since the last sync', async () => {
    const lake = join(makeTempDir('heal'), 'lake');
    const args = ['sync', lake, '--datasets', 'history', '--from', '2026-10-01'];
    expect((await syncAt(NOW, args)).code).toBe(0);
    // The lake as a run that did not know H200 left it: no H200 partition, and H200 not among the models asked.
    const file = join(lake, '.gpumkt-sync.json');
    const state = JSON.parse(readFileSync(file, 'utf8')) as { datasets: { history: { rows: number; targets?: string[] } } };
    const held = state.datasets.history;
    expect(held.targets).toContain('H200');
    held.targets = held.targets?.filter((t) => t !== 'H200');
    held.rows -= 51;
    writeFileSync(file, JSON.stringify(state));
    rmSync(join(lake, 'history', 'gpu=H200'), { recursive: true });
    const r = await syncAt(NEXT, args);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^gpumkt: warning: history: H200 new since the last sync; fetching the dataset again from 2026-10-01$/m);
    expect(readState(lake).datasets.history?.rows).toBe(6 * 52);
  }, 120_000);
});
