/**
 * The house rules: layers only point down (README, Architecture).
 *
 *   cli.ts → commands/ completion/ → sync/ → run/ → datasets/ → api/ export/ output/ config/ → domain/ context.ts → errors.ts
 *   sandbox/ is its own entry and may use only domain/ and errors.ts.
 *
 * `npm test` runs `depcruise src`; a wrong-way import fails with the rule's name and this comment.
 */
const ABOVE_DOMAIN = '^src/(api|export|output|config|datasets|run|sync|commands|completion|sandbox)/|^src/cli\\.ts$';
const ABOVE_IO = '^src/(datasets|run|sync|commands|completion|sandbox)/|^src/cli\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle between modules makes neither one understandable alone: move the shared type down a layer.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'errors-is-the-floor',
      severity: 'error',
      comment: 'errors.ts holds the typed errors and exit codes; it imports nothing of the project.',
      from: { path: '^src/errors\\.ts$' },
      to: { path: '^src/', pathNot: '^src/errors\\.ts$' },
    },
    {
      name: 'domain-points-down',
      severity: 'error',
      comment: 'domain/ (rows, GPUs, dates, checks, sanitising, redaction) and context.ts are the shared basics: they import only each other and errors.ts.',
      from: { path: '^src/(domain/|context\\.ts$|version\\.ts$)' },
      to: { path: ABOVE_DOMAIN },
    },
    {
      name: 'io-points-down',
      severity: 'error',
      comment: 'api/, export/, output/ and config/ serve the runner; they never import what sits above them.',
      from: { path: '^src/(api|export|output|config)/' },
      to: { path: ABOVE_IO },
    },
    {
      name: 'api-knows-no-files',
      severity: 'error',
      comment: 'api/ talks HTTP; files, formats and config are the business of export/, output/ and config/.',
      from: { path: '^src/api/' },
      to: { path: '^src/(export|output|config)/' },
    },
    {
      name: 'output-is-pure',
      severity: 'error',
      comment: 'output/ turns rows into text and writes it; it knows nothing of HTTP, exports or config.',
      from: { path: '^src/output/' },
      to: { path: '^src/(api|export|config)/' },
    },
    {
      name: 'export-uses-output-only',
      severity: 'error',
      comment: 'export/ (append, lock, manifest) writes through output/; it never calls the API or reads config.',
      from: { path: '^src/export/' },
      to: { path: '^src/(api|config)/' },
    },
    {
      name: 'config-uses-output-only',
      severity: 'error',
      comment: 'config/ checks settings (formats against the format registry); it never calls the API or writes exports.',
      from: { path: '^src/config/' },
      to: { path: '^src/(api|export)/' },
    },
    {
      name: 'datasets-are-declarations',
      severity: 'error',
      comment: 'datasets/ describe endpoints and rows; they use api/ and domain/ vocabulary, never the runner, files or config.',
      from: { path: '^src/datasets/' },
      to: { path: '^src/(run|sync|commands|completion|sandbox|export|config)/|^src/cli\\.ts$' },
    },
    {
      name: 'run-points-down',
      severity: 'error',
      comment: 'run/ is called by the commands and by sync/; it never imports them (flag types live in run/request.ts).',
      from: { path: '^src/run/' },
      to: { path: '^src/(commands|completion|sync)/|^src/cli\\.ts$' },
    },
    {
      name: 'sync-sits-between',
      severity: 'error',
      comment: 'sync/ (the lake: state, plan skipping, one pacer) is called by commands/ and calls run/ and the export code below it; it never imports commands, completions, cli.ts or the sandbox.',
      from: { path: '^src/sync/' },
      to: { path: '^src/(commands|completion|sandbox)/|^src/cli\\.ts$' },
    },
    {
      name: 'commands-point-down',
      severity: 'error',
      comment: 'commands/ and completion/ are mounted by cli.ts; they never import it.',
      from: { path: '^src/(commands|completion)/' },
      to: { path: '^src/cli\\.ts$' },
    },
    {
      name: 'sandbox-stands-alone',
      severity: 'error',
      comment: 'The sandbox is a separate server: it may use domain/ and errors.ts only, so it never shares state with the client.',
      from: { path: '^src/sandbox/' },
      to: { path: '^src/', pathNot: '^src/(sandbox|domain)/|^src/errors\\.ts$' },
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
