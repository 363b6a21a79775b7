/**
 * The in-shell reader of profile names: a POSIX awk program that scans the JSON config file and prints
 * the keys of its top-level `profiles` object, one per line. awk starts in about a millisecond, where
 * asking the gpumkt binary would cost a Node start-up (~50 ms) on every Tab.
 */

/**
 * The awk program. It tokenizes strings (with escapes) and braces, so formatting, key order and
 * nested values do not matter; it never fails loudly (completion must stay quiet on a broken file).
 * Written without single quotes so every shell can embed it in a single-quoted word.
 */
export const PROFILES_AWK = [
  '{ t = t $0 "\\n" }',
  'END {',
  '  n = length(t); d = 0; inp = 0; want = 0; key = ""',
  '  for (i = 1; i <= n; i++) {',
  '    c = substr(t, i, 1)',
  '    if (c == "\\"") {',
  '      s = ""',
  '      for (i++; i <= n; i++) {',
  '        c = substr(t, i, 1)',
  '        if (c == "\\"") break',
  '        if (c == "\\\\") { i++; c = substr(t, i, 1); if (c == "n" || c == "t" || c == "u") c = "\\\\" c }',
  '        s = s c',
  '      }',
  '      key = s; want = 0; continue',
  '    }',
  '    if (c == ":") { if (d == 1 && key == "profiles") want = 1; else if (inp && d == 2 && key !~ /[\\\\[:cntrl:]]/) print key; key = ""; continue }',
  '    if (c == "{" || c == "[") { d++; if (want && c == "{" && d == 2) inp = 1; want = 0; continue }',
  '    if (c == "}" || c == "]") { d--; if (d < 2) inp = 0; want = 0; continue }',
  '    if (c != " " && c != "\\t" && c != "\\n" && c != "\\r") want = 0',
  '  }',
  '}',
].join('\n');
