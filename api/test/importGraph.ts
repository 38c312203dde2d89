import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Each source file of a folder (tests apart) with the files of that folder it imports, type imports included. */
export function importGraph(src: string): Map<string, string[]> {
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(src, f));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolve(dirname(file), name.replace(/\.js$/, '')))
      .map((base) => [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(f)))
      .filter((f): f is string => f !== undefined);
    graph.set(relative(src, file), [...new Set(targets.map((t) => relative(src, t)))]);
  }
  return graph;
}

/** The strongly connected parts of more than one node (Tarjan): each is a circle of imports. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(part.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles;
}

/**
 * The same graph between folders: a file of api/src's root is the folder `(racine)`, except the
 * composition roots (app.ts, server.ts), which register every feature and are left out.
 */
export function folderGraph(graph: Map<string, string[]>, compositionRoots: string[]): Map<string, string[]> {
  const folderOf = (f: string) => (f.includes(sep) ? (f.split(sep)[0] as string) : '(racine)');
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    if (compositionRoots.includes(file)) continue;
    const from = folderOf(file);
    const set = folders.get(from) ?? new Set<string>();
    folders.set(from, set);
    for (const t of targets) if (!compositionRoots.includes(t) && folderOf(t) !== from) set.add(folderOf(t));
  }
  return new Map([...folders].map(([f, s]) => [f, [...s].sort()]));
}
