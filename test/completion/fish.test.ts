/** The fish script, loaded in real fish and queried with `complete -C`. */
import { afterAll, describe, expect, it } from 'vitest';
import { needs } from '../helpers/requires.js';
import { fishComplete, gpumktWasRun, run, SCRIPTS, shellEnv, writeConfig } from './shells.js';
import { DDR5_IDS, FORMATS, GPU_WORDS, MODELS, PROFILES, sorted } from './expected.js';

describe('fish completion', needs('fish'), () => {
  afterAll(() => expect(gpumktWasRun(), 'a fish completion started gpumkt').toBe(false));

  it('parses and loads without errors', () => {
    expect(run('fish', ['--no-config', '-n', SCRIPTS.fish], shellEnv())).toMatchObject({ code: 0, stderr: '' });
    const r = run('fish', ['--no-config', '-c', 'source $GP_SCRIPT; and complete -c gpumkt | count'], {
      ...shellEnv(),
      GP_SCRIPT: SCRIPTS.fish,
    });
    expect(r.stderr).toBe('');
    expect(Number(r.stdout), 'complete definitions registered for gpumkt').toBeGreaterThan(50);
  });

  it('completes commands and config subcommands', () => {
    expect(fishComplete('gpumkt hi')).toEqual(['history']);
    expect(sorted(fishComplete('gpumkt config '))).toEqual(sorted(['get', 'set', 'unset', 'list', 'path', 'help']));
    expect(sorted(fishComplete('gpumkt config get '))).toEqual(sorted(['api-key', 'base-url', 'timeout', 'retries', 'format']));
    expect(sorted(fishComplete('gpumkt completion '))).toEqual(['bash', 'fish', 'zsh']);
  });

  it('offers the GPU models, aliases and all; a model with spaces is one candidate', () => {
    expect(sorted(fishComplete('gpumkt history '))).toEqual(sorted(GPU_WORDS));
    expect(fishComplete('gpumkt volume h100 ')).toEqual(expect.arrayContaining([...MODELS]));
    expect(fishComplete('gpumkt history RTX\\ P')).toEqual(['RTX PRO 6000 WS']);
    expect(fishComplete("gpumkt history 'RTX P")).toEqual(['RTX PRO 6000 WS']);
    expect(fishComplete('gpumkt util-index --gpu RTX\\ 5')).toEqual(['RTX 5090']);
  });

  it('completes flag values: formats, --flag=value, memory types, comma lists', () => {
    expect(sorted(fishComplete('gpumkt util-index --format '))).toEqual(sorted(FORMATS));
    expect(fishComplete('gpumkt history --format=cs')).toEqual(['--format=csv']);
    expect(sorted(fishComplete('gpumkt memory --type mem_ddr5'))).toEqual(sorted(DDR5_IDS));
    expect(fishComplete('gpumkt memory --type DDR5\\ 16Gb\\ \\(2Gx8\\)\\ 4')).toEqual(['DDR5 16Gb (2Gx8) 4800/5600']);
    expect(sorted(fishComplete('gpumkt history --columns timestamp,'))).toEqual(
      ['gpu', 'gpu_name', 'index_value', 'is_exact', 'requested_datetime', 'time_difference'].map((c) => `timestamp,${c}`),
    );
  });

  it('offers only the flags valid for the command, plus the global ones', () => {
    const memory = fishComplete('gpumkt memory --');
    expect(memory).toEqual(expect.arrayContaining(['--type', '--category', '--format', '--profile', '--dry-run', '--help']));
    expect(memory).not.toContain('--granularity');
    expect(fishComplete('gpumkt util-index --g')).toEqual(['--gpu']);
  });

  it('reads profile names from the config file, and follows --config on the line', () => {
    const config = writeConfig('fish-config.json', PROFILES);
    expect(sorted(fishComplete('gpumkt --profile ', shellEnv({ GPUMKT_CONFIG: config })))).toEqual(sorted(PROFILES));
    const other = writeConfig('fish-other.json', ['other']);
    expect(fishComplete(`gpumkt --config ${other} memory --profile `, shellEnv({ GPUMKT_CONFIG: config }))).toEqual(['other']);
  });
});
