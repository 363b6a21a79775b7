/** Reading gpumkt's stderr as messages: a notice wrapped to the terminal's width continues on lines indented by two spaces. */

/** `stderr` with every wrapped message joined back onto one line (as it was before wrapping). */
export function unwrapped(stderr: string): string {
  return stderr.replace(/\n {2}(?=\S)/g, ' ');
}
