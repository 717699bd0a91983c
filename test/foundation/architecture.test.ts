// The layering of src/ (docs/ARCHITECTURE.md). `npm run lint` checks each import against the rules
// of .dependency-cruiser.cjs; this test checks what a rule on single imports cannot see: that the
// top-level areas (each module, each flow, http, db, jobs, core, ...) form no loop, whatever files
// the loop goes through. The one allowance: db/schema.ts composes every area's table types
// (type-only imports, erased at run time).
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

interface CruisedModule {
  source: string;
  dependencies: { resolved: string; dependencyTypes: string[] }[];
}

const TESTS = /(\.test\.ts|\/test-fixtures\.ts)$/;

/** `modules/payments`, `flows/checkout`, `http`, `db`, `config.ts`, ... */
function areaOf(path: string): string {
  const inArea = /^src\/(modules|flows)\/([^/]+)\//.exec(path);
  if (inArea) return `${inArea[1]}/${inArea[2]}`;
  return path.replace(/^src\//, '').split('/')[0]!;
}

async function cruise(): Promise<CruisedModule[]> {
  const run = promisify(execFile);
  const { stdout } = await run('node_modules/.bin/depcruise', ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return (JSON.parse(stdout) as { modules: CruisedModule[] }).modules;
}

/** A query builder call or a raw `sql` template: what belongs in a repository. */
function runsSql(text: string): boolean {
  return /\.(selectFrom|updateTable|insertInto|deleteFrom)\(|\bsql(<[^>]*>)?`/.test(text);
}

function areaFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(dir, name).split('\\').join('/'));
}

/** The loops of a directed graph: its strongly connected components of more than one node (Tarjan). */
function loopsOf(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) loops.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return loops;
}

describe('architecture', () => {
  it('has no import loop between top-level areas', async () => {
    const graph = new Map<string, Set<string>>();
    const why = new Map<string, string>();
    for (const module of await cruise()) {
      if (TESTS.test(module.source)) continue;
      const from = areaOf(module.source);
      for (const dependency of module.dependencies) {
        if (!dependency.resolved.startsWith('src/')) continue;
        const tableTypes = module.source === 'src/db/schema.ts' && dependency.dependencyTypes.includes('type-only');
        const to = areaOf(dependency.resolved);
        if (from === to || tableTypes) continue;
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from)!.add(to);
        why.set(`${from} -> ${to}`, `${module.source} -> ${dependency.resolved}`);
      }
    }
    const loops = loopsOf(graph).map((loop) =>
      loop.flatMap((from) => [...(graph.get(from) ?? [])].filter((to) => loop.includes(to)).map((to) => why.get(`${from} -> ${to}`))),
    );
    expect(loops).toEqual([]);
    // The graph is not empty: the areas were read (a broken cruise would pass the check above).
    expect(graph.get('flows/payment-confirmation')).toContain('modules/payments');
  });

  it('keeps the SQL of areas in their repositories', () => {
    const offenders = areaFiles('src/modules')
      .concat(areaFiles('src/flows'))
      .filter((file) => !/repository\.ts$/.test(file) && !TESTS.test(file))
      .filter((file) => runsSql(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
    // The scan sees SQL where there is some.
    expect(runsSql("await tx.updateTable('enrollments').set({ status })")).toBe(true);
    expect(runsSql('await sql`savepoint x`.execute(tx)')).toBe(true);
    expect(runsSql("import { forTenant } from '../../db/tenancy.ts';")).toBe(false);
  });

  it('finds a loop when there is one', () => {
    const graph = new Map([
      ['modules/a', new Set(['modules/b'])],
      ['modules/b', new Set(['http'])],
      ['http', new Set(['modules/a'])],
      ['core', new Set<string>()],
    ]);
    expect(loopsOf(graph)).toEqual([['http', 'modules/a', 'modules/b']]);
    expect(areaOf('src/modules/payments/refunds.ts')).toBe('modules/payments');
    expect(areaOf('src/http/auth.ts')).toBe('http');
    expect(areaOf('src/config.ts')).toBe('config.ts');
  });
});
