/**
 * The house rules: layers only point down (README, Architecture). Each layer's rule says what it
 * MAY import (an allow-list): an import that no rule allows fails as `not-in-allowed`, so a new folder
 * is outside every rule until it is given a layer here.
 *
 *   cli.ts → commands/ completion/ → sync/ (→ lake/) → run/ → datasets/ → api/ append/ output/ config/ → store/ → domain/ context.ts version.ts → errors.ts
 *   sandbox/ is its own entry and may use only domain/ and errors.ts (the runner and `gpumkt sandbox` start it).
 *
 * store/ is the storage seam: the only folder (with config/ and sandbox/) that may import node:fs (rule fs-in-store-only).
 *
 * `npm test` runs `npm run lint` (this, then ESLint); a wrong-way import fails naming the rule.
 */

/** The layers, bottom up: each may import its own folder and the layers listed for it. */
const BASICS = '^src/(domain/|context\\.ts$|version\\.ts$|errors\\.ts$)';
const LAYERS = {
  errors: {
    from: '^src/errors\\.ts$',
    to: '^src/errors\\.ts$',
    comment: 'errors.ts holds the typed errors and exit codes; it imports nothing of the project.',
  },
  basics: {
    from: '^src/(domain/|context\\.ts$|version\\.ts$)',
    to: BASICS,
    comment: 'domain/ (rows, GPUs, dates, checks, sanitising, redaction, atomic files), context.ts and version.ts are the shared basics.',
  },
  store: {
    from: '^src/store/',
    to: `^src/store/|${BASICS}`,
    comment:
      'store/ keeps objects under keys (the Store interface, its local file-system and S3 backends, atomic files, locks); it knows no formats or rows, and only its S3 backend (store/s3/) speaks HTTP.',
  },
  api: {
    from: '^src/api/',
    to: `^src/api/|${BASICS}`,
    comment: 'api/ talks HTTP; files, formats and config are the business of append/, output/ and config/.',
  },
  output: {
    from: '^src/output/',
    to: `^src/(output|store)/|${BASICS}`,
    comment: 'output/ turns rows into text or bytes and writes them; it knows nothing of HTTP, appends or config.',
  },
  config: {
    from: '^src/config/',
    to: `^src/(config|output|store)/|${BASICS}`,
    comment: 'config/ checks settings (formats against the format registry); it never calls the API or appends.',
  },
  append: {
    from: '^src/append/',
    to: `^src/(append|output|store)/|${BASICS}`,
    comment: 'append/ (merge, lock, manifest) writes through output/; it never calls the API or reads config.',
  },
  lake: {
    from: '^src/lake/',
    to: `^src/(lake|append|output|store)/|${BASICS}`,
    comment: "lake/ is the lake's tables: data files and their commit log over a Store, the versions of rows; it never calls the API.",
  },
  datasets: {
    from: '^src/datasets/',
    to: `^src/(datasets|api)/|${BASICS}`,
    comment: 'datasets/ describe endpoints and rows in api/ and domain/ vocabulary; never the runner, files or config.',
  },
  run: {
    from: '^src/run/',
    to: `^src/(run|datasets|api|append|output|config|store)/|^src/sandbox/(index|keys)\\.ts$|${BASICS}`,
    comment: 'run/ is called by the commands and never imports them; it starts the sandbox only through its entry.',
  },
  sync: {
    from: '^src/sync/',
    to: `^src/(sync|lake|run|datasets|api|append|output|config|store)/|${BASICS}`,
    comment:
      'sync/ (the lake: state per dataset, what the plan reads, one pacer) is called by commands/; it runs each dataset through run/ and the append code below it, never the commands.',
  },
  commands: {
    from: '^src/(commands|completion)/',
    to: `^src/(commands|completion|sync|lake|run|datasets|api|output|config)/|^src/sandbox/serve\\.ts$|${BASICS}`,
    comment: 'commands/ and completion/ are mounted by cli.ts and never import it.',
  },
  cli: { from: '^src/cli\\.ts$', to: '^src/(?!sandbox/)', comment: 'cli.ts is the top: it may import every layer.' },
  sandbox: {
    from: '^src/sandbox/',
    to: '^src/(sandbox|domain)/|^src/errors\\.ts$',
    comment: 'The sandbox is a separate server: domain/ and errors.ts only, so it never shares state with the client.',
  },
};
const KNOWN = `^src/(cli|errors|context|version)\\.ts$|^src/(${['domain', 'store', 'api', 'output', 'config', 'append', 'lake', 'datasets', 'run', 'sync', 'commands', 'completion', 'sandbox'].join('|')})/`;

module.exports = {
  allowed: [
    // Node's own modules and the npm dependencies are not layers of the house.
    { from: { path: '^src/' }, to: { pathNot: '^src/' } },
    ...Object.values(LAYERS).map(({ from, to, comment }) => ({ comment, from: { path: from }, to: { path: to } })),
  ],
  allowedSeverity: 'error',
  forbidden: [
    {
      name: 'known-layer',
      severity: 'error',
      comment: 'Every file of src/ belongs to a layer of .dependency-cruiser.cjs: give a new folder its layer (and its allow-list) there.',
      from: { path: '^src/', pathNot: KNOWN },
      to: {},
    },
    {
      name: 'known-layer-target',
      severity: 'error',
      comment: 'Every file of src/ belongs to a layer of .dependency-cruiser.cjs: give a new folder its layer (and its allow-list) there.',
      from: {},
      to: { path: '^src/', pathNot: KNOWN },
    },
    {
      name: 'fs-in-store-only',
      severity: 'error',
      comment:
        'Files are read and written through src/store/ (the storage seam; a second backend is one new file there): node:fs is imported only by store/, config/ and sandbox/.',
      from: { path: '^src/', pathNot: '^src/(store|config|sandbox)/' },
      to: { path: '^(node:)?fs(/promises)?$' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle between modules makes neither one understandable alone: move the shared type down a layer.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API for dependency-cruiser to parse with; swc parses .ts (type-only imports included).
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a type is an arrow of the house like any other.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
