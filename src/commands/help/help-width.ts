/**
 * The widest help text: help wraps at the terminal's width up to this many columns. Wider terminals get
 * the same text as a pipe, so the text rendered at build time (dist/help.json, served by bin/) is the
 * text commander would print.
 */
export const HELP_WIDTH = 80;
