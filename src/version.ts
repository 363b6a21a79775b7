/** The package version, injected by the bundler (scripts/build.mjs). */
declare const __GPUMKT_VERSION__: string | undefined;

/** The package version. */
export const VERSION: string = typeof __GPUMKT_VERSION__ === 'string' ? __GPUMKT_VERSION__ : '0.0.0-dev';
