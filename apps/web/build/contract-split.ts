// Splits one contract module (as JavaScript) for the web's bundle: the module itself keeps its
// endpoints as plain route objects and re-exports everything else from one module per top-level
// declaration (docs/decisions/032-contract-routes-in-the-web-bundle.md). Rollup puts a whole module
// into one chunk, so only a declaration per module lets each schema go to the chunk of the page
// that validates with it, and the route objects to the entry.

/** The ESTree nodes looked at (Rollup's parser; `start`/`end` are offsets into the code). */
export interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
export type Parse = (code: string) => Node;

/** A contract written in a shape the split does not know: the build stops and says where. */
export class ContractShapeError extends Error {}

export const PART_QUERY = '?contract-part=';

/** Keys an endpoint may have besides its schemas (packages/shared/src/contracts/define.ts). */
const ROUTE_KEYS = new Set(['method', 'path', 'auth', 'operatorRoles', 'form']);
const SCHEMA_KEYS = new Set(['input', 'output']);
/** Initialisers that evaluate nothing, so there is nothing to mark pure. */
const INERT = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'Literal', 'Identifier']);

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && 'type' in v;
const isEndpointCall = (n: unknown): n is Node =>
  isNode(n) &&
  n.type === 'CallExpression' &&
  isNode(n.callee) &&
  n.callee.type === 'Identifier' &&
  n.callee.name === 'endpoint';

function walk(node: unknown, visit: (n: Node) => void) {
  if (Array.isArray(node)) return node.forEach((n) => walk(n, visit));
  if (!isNode(node)) return;
  visit(node);
  for (const [key, value] of Object.entries(node)) if (key !== 'type') walk(value, visit);
}

/** Names the code refers to or declares (property keys such as `{ info: … }` or `a.info` excluded). */
function names(node: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => names(n, found));
  if (!isNode(node)) return found;
  if (node.type === 'Identifier') found.add(node.name as string);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    const isKey = key === 'key' && node.type === 'Property' && !node.computed && !node.shorthand;
    const isMember = key === 'property' && node.type === 'MemberExpression' && !node.computed;
    if (!isKey && !isMember) names(value, found);
  }
  return found;
}

/** Route values are copied as they are, so they must not refer to anything. */
function isConstant(n: Node): boolean {
  if (n.type === 'Literal') return true;
  if (n.type === 'TemplateLiteral') return (n.expressions as Node[]).length === 0;
  if (n.type === 'ArrayExpression')
    return (n.elements as Array<Node | null>).every((e) => e && isConstant(e));
  return false;
}

function routeObject(call: Node, code: string, where: string): string {
  const [arg, ...rest] = call.arguments as Node[];
  if (!arg || rest.length || arg.type !== 'ObjectExpression')
    throw new ContractShapeError(`${where}: endpoint() takes one object literal`);
  const kept: string[] = [];
  for (const prop of arg.properties as Node[]) {
    const key = prop.type === 'Property' && !prop.computed && isNode(prop.key) ? prop.key.name : undefined;
    const near = `near "${code.slice(prop.start, prop.start + 40)}"`;
    if (typeof key !== 'string' || (!ROUTE_KEYS.has(key) && !SCHEMA_KEYS.has(key)))
      throw new ContractShapeError(`${where}: endpoint() with an unknown, computed or spread key ${near}`);
    if (!ROUTE_KEYS.has(key)) continue;
    if (!isNode(prop.value) || !isConstant(prop.value))
      throw new ContractShapeError(`${where}: an endpoint's ${key} must be written as a literal ${near}`);
    kept.push(code.slice(prop.start, prop.end));
  }
  return `{ ${kept.join(', ')} }`;
}

/** One top-level declaration: the names it declares, its code (without `export`), what it uses. */
interface Unit {
  declares: string[];
  code: string;
  uses: Set<string>;
}

interface Analysed {
  routes: Map<string, string>;
  units: Unit[];
  /** Imported name → the import statement giving just that name. */
  imports: Map<string, string>;
  /** `export { a as b }` of local names: exported name → local name. */
  localExports: Map<string, string>;
  /** Statements passed through as they are (`export * from …`, `export { x } from …`). */
  reexports: string[];
}

function declaredNames(declaration: Node): string[] {
  if (declaration.type === 'VariableDeclaration')
    return [...names((declaration.declarations as Node[]).map((d) => d.id))];
  return [((declaration.id as Node).name as string) ?? ''];
}

function importLines(statement: Node, code: string): Array<[string, string]> {
  const source = code.slice((statement.source as Node).start, (statement.source as Node).end);
  return (statement.specifiers as Node[]).map((s) => {
    const local = (s.local as Node).name as string;
    if (s.type === 'ImportDefaultSpecifier') return [local, `import ${local} from ${source};`];
    if (s.type === 'ImportNamespaceSpecifier') return [local, `import * as ${local} from ${source};`];
    const imported = code.slice((s.imported as Node).start, (s.imported as Node).end);
    return [local, `import { ${imported} as ${local} } from ${source};`];
  });
}

function analyse(code: string, parse: Parse, where: string): Analysed {
  const program = parse(code);
  const out: Analysed = {
    routes: new Map(),
    units: [],
    imports: new Map(),
    localExports: new Map(),
    reexports: [],
  };
  const routeCalls = new Set<Node>();
  for (const statement of program.body as Node[]) {
    const text = code.slice(statement.start, statement.end);
    if (statement.type === 'ImportDeclaration') {
      for (const [local, line] of importLines(statement, code)) out.imports.set(local, line);
      continue;
    }
    if (
      statement.type === 'ExportAllDeclaration' ||
      (statement.type === 'ExportNamedDeclaration' && statement.source)
    ) {
      out.reexports.push(text);
      continue;
    }
    if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      for (const s of statement.specifiers as Node[])
        out.localExports.set(
          code.slice((s.exported as Node).start, (s.exported as Node).end),
          (s.local as Node).name as string,
        );
      continue;
    }
    const exported = statement.type === 'ExportNamedDeclaration';
    const declaration = exported ? (statement.declaration as Node) : statement;
    if (!['VariableDeclaration', 'FunctionDeclaration', 'ClassDeclaration'].includes(declaration.type))
      throw new ContractShapeError(`${where}: a contract module only declares; found ${declaration.type}`);
    const declarators =
      declaration.type === 'VariableDeclaration' ? (declaration.declarations as Node[]) : [];
    const calls = declarators.filter((d) => isEndpointCall(d.init));
    if (calls.length) {
      if (!exported || calls.length !== declarators.length)
        throw new ContractShapeError(
          `${where}: an endpoint is declared as \`export const name = endpoint({...})\``,
        );
      for (const d of calls) {
        routeCalls.add(d.init as Node);
        out.routes.set((d.id as Node).name as string, routeObject(d.init as Node, code, where));
      }
      continue;
    }
    let unit = code.slice(declaration.start, declaration.end);
    for (const d of declarators) {
      const init = d.init;
      if (!isNode(init) || INERT.has(init.type)) continue;
      // Evaluated only if something uses the constant: `@__PURE__` lets Rollup drop it otherwise.
      const [from, to] = [init.start - declaration.start, init.end - declaration.start];
      unit = `${unit.slice(0, from)}/* @__PURE__ */ (() => (${unit.slice(from, to)}))()${unit.slice(to)}`;
    }
    out.units.push({ declares: declaredNames(declaration), code: unit, uses: names(declaration) });
    if (exported) for (const n of declaredNames(declaration)) out.localExports.set(n, n);
  }
  walk(program, (n) => {
    if (isEndpointCall(n) && !routeCalls.has(n))
      throw new ContractShapeError(
        `${where}: an endpoint is declared as \`export const name = endpoint({...})\``,
      );
  });
  for (const u of out.units)
    for (const n of u.uses)
      if (out.routes.has(n))
        throw new ContractShapeError(`${where}: ${n} is an endpoint; other declarations cannot use one`);
  return out;
}

/** Declarations that use each other in a circle share one part (Tarjan's strongly connected components). */
function parts(units: Unit[]): Unit[][] {
  const owner = new Map(units.flatMap((u) => u.declares.map((n) => [n, u] as const)));
  const deps = (u: Unit) => [...u.uses].map((n) => owner.get(n)).filter((d): d is Unit => !!d && d !== u);
  const index = new Map<Unit, number>();
  const low = new Map<Unit, number>();
  const stack: Unit[] = [];
  const result: Unit[][] = [];
  const visit = (u: Unit) => {
    index.set(u, index.size);
    low.set(u, index.get(u)!);
    stack.push(u);
    for (const d of deps(u)) {
      if (!index.has(d)) {
        visit(d);
        low.set(u, Math.min(low.get(u)!, low.get(d)!));
      } else if (stack.includes(d)) low.set(u, Math.min(low.get(u)!, index.get(d)!));
    }
    if (low.get(u) === index.get(u)) {
      const group: Unit[] = [];
      let top: Unit;
      do group.push((top = stack.pop()!));
      while (top !== u);
      result.push(group.sort((a, b) => units.indexOf(a) - units.indexOf(b)));
    }
  };
  for (const u of units) if (!index.has(u)) visit(u);
  return result;
}

export interface Split {
  /** The module the web imports under the file's own id. */
  main: string;
  /** Part name → its module code, served under `file + PART_QUERY + name`. */
  parts: Map<string, string>;
  /** Endpoint name → its route object's source. */
  routes: Map<string, string>;
}

/** Splits one contract module; `file` is its path, used in the ids of its parts. */
export function splitContract(code: string, parse: Parse, file: string): Split {
  const a = analyse(code, parse, file);
  const partOf = new Map<string, string>();
  const groups = parts(a.units);
  for (const g of groups) for (const u of g) for (const n of u.declares) partOf.set(n, g[0]!.declares[0]!);
  const id = (part: string) => JSON.stringify(file + PART_QUERY + part);
  const split: Split = { main: '', parts: new Map(), routes: a.routes };
  for (const g of groups) {
    const name = g[0]!.declares[0]!;
    const own = new Set(g.flatMap((u) => u.declares));
    const uses = new Set(g.flatMap((u) => [...u.uses]).filter((n) => !own.has(n)));
    const lines: string[] = [];
    for (const n of uses) {
      if (a.imports.has(n)) lines.push(a.imports.get(n)!);
      else if (partOf.has(n)) lines.push(`import { ${n} } from ${id(partOf.get(n)!)};`);
    }
    lines.push(...g.map((u) => u.code), `export { ${[...own].join(', ')} };`);
    split.parts.set(name, `${lines.join('\n')}\n`);
  }
  const main = [...a.reexports];
  for (const [exported, local] of a.localExports) {
    if (a.imports.has(local)) main.push(a.imports.get(local)!, `export { ${local} as ${exported} };`);
    else main.push(`export { ${local} as ${exported} } from ${id(partOf.get(local) ?? local)};`);
  }
  for (const [name, route] of a.routes) main.push(`export const ${name} = ${route};`);
  split.main = `${main.join('\n')}\n`;
  return split;
}
