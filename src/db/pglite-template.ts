// A fresh embedded database starts from a copy of an empty, initialised PGlite cluster when
// `npm run build` has made one, instead of running initdb (most of a first start's time). The copy
// is made by the installed PGlite at build time and named after its version: after an upgrade
// without a rebuild it is not used, and initdb runs as before. Started from the sources (npm start)
// there is no copy, and initdb runs. docs/decisions/operations.md has the measurements.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

function installedPgliteVersion(): string {
  // The package exports no package.json: find it from its entry point (…/pglite/dist/index.*).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = join(dirname(dirname(entry)), 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

function templatePath(): string {
  return fileURLToPath(new URL(`./pglite-template-${installedPgliteVersion()}.tar.gz`, import.meta.url));
}

/** The cluster to load into `dataDir`, if the folder holds no database yet and a copy was built. */
export function initialCluster(dataDir: string): Blob | undefined {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  const path = templatePath();
  return existsSync(path) ? new Blob([readFileSync(path)]) : undefined;
}

/** Runs initdb in a scratch folder and saves the result beside this module (the build calls it). */
export async function buildTemplate(scratchDir: string): Promise<string> {
  const client = await PGlite.create({ dataDir: scratchDir });
  const archive = await client.dumpDataDir('gzip');
  await client.close();
  const path = templatePath();
  writeFileSync(path, Buffer.from(await archive.arrayBuffer()));
  return path;
}
