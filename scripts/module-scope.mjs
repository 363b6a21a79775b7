// A pass over dist/gpumkt.cjs (esbuild's minified CommonJS bundle): each lazily evaluated module's
// private bindings are declared in its own init function instead of at the bundle's top level.
//
// Why: esbuild hoists every binding of every bundled ES module to the bundle's top level
// (`var a,b,c,I=m(()=>{a=…;b=…;c=…});`), where init I assigns them. So the bundle's top-level scope
// held ~2,200 names: V8 makes a context slot for each at every start, and the code cache carries the
// scope's table of names (each name a string made and hashed as the cache is read, the table rehashed
// under the run's own hash seed). A binding no other module names can live in its module's init just as
// well: `I=m(()=>{var a,c;a=…;c=…})`. Only modules whose init has run then pay for their names.
//
// Only where it is provably the same: a binding moves when every identifier of that name anywhere in
// the bundle (the TypeScript parser's view: references, declarations, shorthand properties; a property
// name after `.` or before `:` is not one) lies inside its module's init function. Minified nested
// scopes may reuse a top-level name: such a name counts as used outside and stays (never the reverse).
// A `var` in the init is hoisted to the init's start and starts undefined, as the top-level one did
// until the init ran; nothing outside the init can see either.
import ts from 'typescript';

/** The minified name of esbuild's __esm helper (`m=(n,e,t)=>()=>{if(t)throw t[0];try{return n&&(e=n(n=0)),e}…`). */
function esmHelper(text) {
  return /([\w$]+)=\(([\w$]),([\w$]),([\w$])\)=>\(\)=>\{if\(\4\)throw \4\[0\];try\{return \2&&\(\3=\2\(\2=0\)\),\3\}/.exec(text)?.[1];
}

/** True when identifier `id` is a property name, not a binding's reference. */
function isPropertyName(id) {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return true;
  if (
    (ts.isPropertyAssignment(p) ||
      ts.isMethodDeclaration(p) ||
      ts.isGetAccessorDeclaration(p) ||
      ts.isSetAccessorDeclaration(p) ||
      ts.isPropertyDeclaration(p)) &&
    p.name === id
  )
    return true;
  if ((ts.isLabeledStatement(p) || ts.isBreakStatement(p) || ts.isContinueStatement(p)) && p.label === id) return true;
  return false;
}

/**
 * `text` (esbuild's CommonJS output, the statements of the bundle's top level) with the private bindings of each `var …,I=m(()=>{…})` statement moved into I's function; `moved` counts the
 * bindings moved, `kept` those left at the top level, `modules` the init functions given some.
 */
export function moduleScope(text) {
  const helper = esmHelper(text);
  if (helper === undefined) throw new Error("build: esbuild's __esm helper not found; revisit scripts/module-scope.mjs");
  const file = ts.createSourceFile('bundle.js', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  // Every identifier of the bundle, by name, at its start.
  const uses = new Map();
  const visit = (node) => {
    if (ts.isIdentifier(node) && !isPropertyName(node)) {
      let list = uses.get(node.text);
      if (list === undefined) uses.set(node.text, (list = []));
      list.push(node.getStart(file));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const edits = [];
  let moved = 0;
  let kept = 0;
  let modules = 0;
  for (const st of file.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const decls = st.declarationList.declarations;
    const last = decls[decls.length - 1];
    const init = last.initializer;
    if (
      !init ||
      !ts.isCallExpression(init) ||
      !ts.isIdentifier(init.expression) ||
      init.expression.text !== helper ||
      init.arguments.length !== 1 ||
      !ts.isArrowFunction(init.arguments[0]) ||
      !ts.isBlock(init.arguments[0].body)
    )
      continue;
    const body = init.arguments[0].body;
    const [from, to] = [body.getStart(file), body.getEnd()];
    const mine = [];
    const theirs = [];
    for (const d of decls.slice(0, -1)) {
      if (!ts.isIdentifier(d.name) || d.initializer) {
        theirs.push(d);
        continue;
      }
      const inside = (uses.get(d.name.text) ?? []).filter((at) => at !== d.name.getStart(file));
      (inside.every((at) => at > from && at < to) ? mine : theirs).push(d);
    }
    kept += theirs.length;
    if (mine.length === 0) continue;
    moved += mine.length;
    modules += 1;
    // The statement keeps the others (`var x=…,y,I=m(…)`), and the init starts with a `var` of its own
    // (after its "use strict" directive, if any).
    const first = body.statements[0];
    const directive = first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) ? first : undefined;
    const at = directive ? directive.getEnd() : from + 1;
    const others = theirs.map((d) => `${d.getText(file)},`).join('');
    edits.push({ start: st.declarationList.getStart(file), end: last.getStart(file), text: `var ${others}` });
    edits.push({ start: at, end: at, text: `var ${mine.map((d) => d.name.text).join(',')};` });
  }
  edits.sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { text: out, moved, kept, modules };
}
