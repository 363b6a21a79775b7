/** The zsh function, autoloaded from $fpath by compinit in a real interactive zsh on a pseudo-terminal. */
import { afterAll, describe, expect, it } from 'vitest';
import { needs } from '../helpers/requires.js';
import { gpumktWasRun, run, SCRIPTS, shellEnv, writeConfig, zshInsert, zshList } from './shells.js';
import { DDR5_IDS, FORMATS, GPU_WORDS, MODELS, PROFILES, sorted } from './expected.js';

describe('zsh completion', needs('zsh'), () => {
  afterAll(() => expect(gpumktWasRun(), 'a zsh completion started gpumkt').toBe(false));

  it('parses, and registers itself when sourced after compinit', () => {
    expect(run('zsh', ['-n', SCRIPTS.zsh], shellEnv())).toMatchObject({ code: 0, stderr: '' });
    const r = run(
      'zsh',
      ['-f', '-c', 'autoload -U compinit && compinit -u -D && source "$1" && print -r -- $_comps[gpumkt]', 'zsh', SCRIPTS.zsh],
      shellEnv(),
    );
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('_gpumkt');
  });

  it('completes commands and config subcommands', () => {
    expect(zshList('gpumkt hi')).toEqual(['history']);
    expect(sorted(zshList('gpumkt config '))).toEqual(sorted(['get', 'set', 'unset', 'list', 'path', 'help']));
    expect(sorted(zshList('gpumkt config unset '))).toEqual(sorted(['api-key', 'base-url', 'timeout', 'retries', 'format']));
    expect(sorted(zshList('gpumkt completion '))).toEqual(['bash', 'fish', 'zsh']);
  });

  it('offers the GPU models, aliases and all; a model with spaces is inserted as one word', () => {
    expect(sorted(zshList('gpumkt history '))).toEqual(sorted(GPU_WORDS));
    expect(zshList('gpumkt range h100 ')).toEqual(expect.arrayContaining([...MODELS]));
    const typed = zshInsert('gpumkt history RTX\\ P');
    expect(typed.buffer).toBe('gpumkt history RTX\\ PRO\\ 6000\\ WS ');
    expect(typed.words).toEqual(['gpumkt', 'history', 'RTX PRO 6000 WS']);
    expect(zshInsert('gpumkt volume "RTX P').words).toEqual(['gpumkt', 'volume', 'RTX PRO 6000 WS']);
    expect(zshInsert('gpumkt util-index --gpu RTX\\ 5').words).toEqual(['gpumkt', 'util-index', '--gpu', 'RTX 5090']);
  });

  it('completes flag values: formats, --flag=value, memory types, comma lists', () => {
    expect(sorted(zshList('gpumkt util-index --format '))).toEqual(sorted(FORMATS));
    expect(zshList('gpumkt history --format=cs')).toEqual(['csv']);
    expect(sorted(zshList('gpumkt memory --type mem_ddr5'))).toEqual(sorted(DDR5_IDS));
    expect(zshInsert('gpumkt memory --type DDR5\\ 16Gb\\ \\(2Gx8\\)\\ 4').words).toEqual([
      'gpumkt',
      'memory',
      '--type',
      'DDR5 16Gb (2Gx8) 4800/5600',
    ]);
    expect(sorted(zshList('gpumkt history --columns timestamp,'))).toEqual([
      'gpu',
      'gpu_name',
      'index_value',
      'is_exact',
      'requested_datetime',
      'time_difference',
    ]);
  });

  it('offers only the flags valid for the command, plus the global ones', () => {
    const memory = zshList('gpumkt memory --');
    expect(memory).toEqual(expect.arrayContaining(['--type', '--category', '--format', '--profile', '--dry-run', '--help']));
    expect(memory).not.toContain('--granularity');
    expect(zshList('gpumkt util-index --g')).toEqual(['--gpu']);
  });

  it('reads profile names from the config file, and follows --config on the line', () => {
    const config = writeConfig('zsh-config.json', PROFILES);
    expect(sorted(zshList('gpumkt --profile ', shellEnv({ GPUMKT_CONFIG: config })))).toEqual(sorted(PROFILES));
    expect(zshInsert('gpumkt memory --profile my', shellEnv({ GPUMKT_CONFIG: config })).words).toEqual([
      'gpumkt',
      'memory',
      '--profile',
      'my local',
    ]);
    const other = writeConfig('zsh-other.json', ['other']);
    expect(zshList(`gpumkt --config ${other} memory --profile `, shellEnv({ GPUMKT_CONFIG: config }))).toEqual(['other']);
  });
});
