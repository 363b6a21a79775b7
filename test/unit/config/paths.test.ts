import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configPath } from '../../../src/config/paths.js';

describe('configPath', () => {
  it.each([
    ['GPUMKT_CONFIG wins over everything', { GPUMKT_CONFIG: '/x/my.json', XDG_CONFIG_HOME: '/xdg', HOME: '/home/u' }, '/x/my.json'],
    ['relative GPUMKT_CONFIG is made absolute', { GPUMKT_CONFIG: 'rel/c.json', HOME: '/home/u' }, resolve('rel/c.json')],
    ['XDG_CONFIG_HOME when absolute', { XDG_CONFIG_HOME: '/xdg', HOME: '/home/u' }, join('/xdg', 'gpumkt', 'config.json')],
    [
      'relative XDG_CONFIG_HOME is ignored',
      { XDG_CONFIG_HOME: 'xdg', HOME: '/home/u' },
      join('/home/u', '.config', 'gpumkt', 'config.json'),
    ],
    [
      'empty variables count as unset',
      { GPUMKT_CONFIG: '', XDG_CONFIG_HOME: '', HOME: '/home/u' },
      join('/home/u', '.config', 'gpumkt', 'config.json'),
    ],
    ['HOME', { HOME: '/home/u' }, join('/home/u', '.config', 'gpumkt', 'config.json')],
    ['no HOME falls back to os.homedir()', {}, join(homedir(), '.config', 'gpumkt', 'config.json')],
  ])('%s', (_name, env, expected) => {
    expect(configPath(env)).toBe(expected);
  });
});
