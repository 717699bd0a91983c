// A fresh embedded database starts from a copy of an initialised and migrated PGlite cluster when
// `npm run build` has made one, instead of running initdb and every migration (most of a first
// start's time). The copy is a plain folder beside the compiled code, copied with the file system
// (about 0.2 s for its 39 MB) rather than unpacked through PGlite's archive loader (about 1.6 s
// more). It is named after the installed PGlite version: after an upgrade without a rebuild it is
// not used, and initdb runs as before. Built from the same sources as the code beside it, its
// migrations are that code's; newer ones still apply on top at start. Started from the sources
// (npm start) there is no copy, and initdb runs. docs/decisions/operations.md has the measurements.
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCK_FILE } from './data-dir-lock.ts';

function installedPgliteVersion(): string {
  // The package exports no package.json: find it from its entry point (…/pglite/dist/index.*).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = join(dirname(dirname(entry)), 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The template's folder name: the installed PGlite's version in it. */
export function templateName(): string {
  return `pglite-template-${installedPgliteVersion()}`;
}

function templatePath(): string {
  return fileURLToPath(new URL(`./${templateName()}`, import.meta.url));
}

/**
 * Copies the built cluster into `dataDir` when the folder holds no database yet and a copy was
 * built; returns whether it did. The caller holds the folder's lock.
 */
export function seedFromTemplate(dataDir: string): boolean {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return false;
  const template = templatePath();
  if (!existsSync(join(template, 'PG_VERSION'))) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}

/**
 * Saves `clusterDir` (an initialised, migrated and closed PGlite cluster) as the template at `path`
 * (the build: beside the built code, dist/src/db/). The folder's lock and anything not
 * PostgreSQL's is left out.
 */
export function saveTemplate(clusterDir: string, path: string = templatePath()): string {
  rmSync(path, { recursive: true, force: true });
  const skip = new Set([join(clusterDir, LOCK_FILE), join(clusterDir, 'objects')]);
  cpSync(clusterDir, path, { recursive: true, filter: (source) => !skip.has(source) });
  return path;
}
