/** The bash script, loaded in real bash and driven through COMP_WORDS / COMP_CWORD. */
import { afterAll, describe, expect, it } from 'vitest';
import { needs } from '../helpers/requires.js';
import { bashComplete, gpumktWasRun, run, SCRIPTS, shellEnv, writeConfig } from './shells.js';
import { DDR5_IDS, FORMATS, GPU_WORDS, MODELS, PROFILES, sorted } from './expected.js';

const texts = (words: string[]) => bashComplete(words).map((r) => r.text);

describe('bash completion', needs('bash'), () => {
  afterAll(() => expect(gpumktWasRun(), 'a bash completion started gpumkt').toBe(false));

  it('loads without errors and registers a function for gpumkt', () => {
    const r = run('bash', ['--norc', '--noprofile', '-c', 'source "$1" && complete -p gpumkt', 'bash', SCRIPTS.bash], shellEnv());
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('complete -F _gpumkt gpumkt');
  });

  it('completes commands and config subcommands', () => {
    expect(texts(['hi'])).toEqual(['history']);
    expect(texts(['memory'])).toEqual(['memory', 'memory-types']);
    expect(texts(['config', ''])).toEqual(['get', 'set', 'unset', 'list', 'path', 'help']);
    expect(texts(['config', 'set', ''])).toEqual(['api-key', 'base-url', 'timeout', 'retries', 'format']);
    expect(texts(['completion', ''])).toEqual(['bash', 'zsh', 'fish']);
  });

  it('offers the GPU models, aliases and all; a model with spaces completes to one quoted word', () => {
    expect(sorted(bashComplete(['history', '']).map((r) => r.first))).toEqual(sorted(GPU_WORDS));
    expect(bashComplete(['volume', 'h100', '']).map((r) => r.first)).toEqual(expect.arrayContaining([...MODELS]));
    const [only, ...rest] = bashComplete(['history', 'RTX\\ P']);
    expect(rest).toEqual([]);
    expect(only).toEqual({ text: 'RTX\\ PRO\\ 6000\\ WS', argc: 1, first: 'RTX PRO 6000 WS' });
    // Inside an open quote the raw name is offered; readline closes the quote.
    expect(texts(['range', '"RTX P'])).toEqual(['RTX PRO 6000 WS']);
    expect(bashComplete(['util-index', '--gpu', 'RTX\\ 5']).map((r) => r.first)).toEqual(['RTX 5090']);
  });

  it('completes flag values: formats, --flag=value, memory types, comma lists', () => {
    expect(texts(['util-index', '--format', ''])).toEqual([...FORMATS]);
    expect(texts(['util-index', '-f', 'n'])).toEqual(['ndjson']);
    expect(texts(['history', '--format', '=', 'cs'])).toEqual(['csv']);
    expect(texts(['history', '--granularity', ''])).toEqual(['daily', 'hourly', 'auto']);
    expect(texts(['memory', '--type', 'mem_ddr5'])).toEqual([...DDR5_IDS]);
    const names = bashComplete(['memory', '--type', 'DDR5\\ 16Gb\\ \\(2Gx8\\)\\ 4']);
    expect(names).toEqual([{ text: 'DDR5\\ 16Gb\\ \\(2Gx8\\)\\ 4800/5600', argc: 1, first: 'DDR5 16Gb (2Gx8) 4800/5600' }]);
    // The columns of history and of its variants (--at's nearest record).
    expect(texts(['history', '--columns', 'timestamp,'])).toEqual(
      ['index_value', 'gpu', 'gpu_name', 'requested_datetime', 'time_difference', 'is_exact'].map((c) => `timestamp,${c}`),
    );
    expect(texts(['memory', '--columns', 'id,price,c'])).toEqual(['id,price,category', 'id,price,changePct']);
    expect(texts(['history', 'h100', '-o', 'READ'])).toEqual(['README.md']);
  });

  it('offers only the flags valid for the command, plus the global ones', () => {
    const memory = texts(['memory', '--']);
    expect(memory).toEqual(expect.arrayContaining(['--type', '--category', '--format', '--profile', '--dry-run', '--help']));
    expect(memory).not.toContain('--granularity');
    expect(memory).not.toContain('--gpu');
    expect(texts(['util-index', '--g'])).toEqual(['--gpu']);
    expect(texts(['gpus', '--a'])).toEqual(['--aliases']);
  });

  it('reads profile names from the config file, and follows --config on the line', () => {
    const config = writeConfig('bash-config.json', PROFILES);
    const env = shellEnv({ GPUMKT_CONFIG: config });
    expect(bashComplete(['--profile', ''], env).map((r) => r.first)).toEqual([...PROFILES]);
    expect(bashComplete(['history', 'h100', '--profile', 'my'], env)).toEqual([{ text: 'my\\ local', argc: 1, first: 'my local' }]);
    const other = writeConfig('bash-other.json', ['other']);
    expect(bashComplete(['--config', other, 'memory', '--profile', ''], env).map((r) => r.first)).toEqual(['other']);
    expect(bashComplete(['--profile', ''], shellEnv({ XDG_CONFIG_HOME: '/nonexistent' })), 'no config file: no profiles').toEqual([]);
  });
});
