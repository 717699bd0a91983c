// `npm run build`: compiles the service (src/main.ts, src/cli.ts and what they import, the SDK of
// packages/sdk included: the CLI uses it) to dist/ with tsc, keeping the repository's layout
// (dist/src/main.js, dist/packages/sdk/src/...), then copies the files beside the sources that code reads at run time (SQL migrations and any
// other non-TypeScript file under src/), so dist/ runs on its own: `npm run start:prod`. The
// service's entry point, dist/src/main.js, is then replaced by one esbuild bundle of src/main.ts
// (bundleService below; the CLI keeps tsc's files). Last, it saves an initialised and migrated
// empty embedded database that first starts copy instead of running initdb and the migrations
// (src/db/pglite-template.ts).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const src = `${root}src`;
const dist = `${root}dist`;
/** Where the compiled src/ lands (the layout of the repository is kept under dist/). */
const distSrc = `${dist}/src`;

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`], { stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
// Everything but TypeScript: compiled code finds these files next to itself, as the sources do.
cpSync(src, distSrc, { recursive: true, filter: (path) => !path.endsWith('.ts') });
// The service's entry point becomes one bundle (docs/decisions/operations.md, "One bundle").
await bundleService();

const scratch = mkdtempSync(join(tmpdir(), 'billing-build-'));
try {
  // The compiled modules, so the copy lands beside them in dist/src/db/, migrated by the compiled code.
  const load = async <T>(module: string) => (await import(pathToFileURL(`${distSrc}/db/${module}.js`).href)) as T;
  const { openDatabase } = await load<typeof import('../src/db/database.ts')>('database');
  const { migrate } = await load<typeof import('../src/db/migrate.ts')>('migrate');
  const { saveTemplate } = await load<typeof import('../src/db/pglite-template.ts')>('pglite-template');
  const cluster = join(scratch, 'cluster');
  const database = await openDatabase({ databaseUrl: null, dataDir: cluster });
  await migrate(database);
  await database.close();
  saveTemplate(cluster);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log('built dist/ (start it with npm run start:prod)');

/**
 * Replaces dist/src/main.js (tsc's output) with src/main.ts and everything it imports bundled by
 * esbuild into one file: a start then reads one file instead of about 1,500 (Kysely and TypeBox
 * alone are over 500), about 0.3 s of a 1.9 s restart. The code loaded on first use only (the
 * S3 store) becomes a chunk beside it, loaded on that use, as before. Packages that load files of
 * their own (PGlite's WebAssembly and data files, the API reference's static assets) or that start
 * only on first use (the AWS SDK, viem, @x402) stay outside and load from node_modules. tsc still
 * type-checks and compiles everything (the CLI runs that output), and the bundle's TypeScript
 * goes through esbuild's transform, the one tsx gives `npm start` and every test.
 *
 * Bundled code is no longer in its own file, so the two ways code finds files beside itself are
 * rewritten file by file to the file's place after the build: `import.meta.url` (our migrations,
 * stored functions and the saved cluster) and CommonJS's `__dirname` / `__filename` (packages
 * reading their own package.json). Names are kept (`keepNames`): error classes keep their `name`.
 */
async function bundleService(): Promise<void> {
  // esbuild comes with tsx (a dependency): resolved through it, not from the top of node_modules.
  const requireFromTsx = createRequire(createRequire(import.meta.url).resolve('tsx'));
  const esbuild = requireFromTsx('esbuild') as typeof import('esbuild');
  const bundleDir = distSrc;
  /** The places written into the bundle, each checked to exist once built. */
  const places = new Set<string>();
  /** Where `path` will be once built (a source under the repository: its compiled file in dist/), relative to the bundle. */
  const builtPlace = (path: string): string => {
    const inRepository = relative(root, path);
    const place = path.includes(`${sep}node_modules${sep}`) || inRepository.startsWith('..') ? path : join(dist, inRepository.replace(/\.ts$/, '.js'));
    const written = `./${relative(bundleDir, place).split(sep).join('/')}`;
    places.add(written);
    return written;
  };
  const result = await esbuild.build({
    entryPoints: { main: `${src}/main.ts` },
    outdir: bundleDir,
    chunkNames: 'main-[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    keepNames: true,
    sourcemap: true,
    sourcesContent: false,
    allowOverwrite: true,
    external: ['@electric-sql/pglite', '@fastify/swagger-ui', '@aws-sdk/*', 'viem', 'viem/*', '@x402/*', 'pg-native'],
    // Bundled CommonJS calls require() for Node's modules: give each output file a real one.
    banner: {
      js: [
        "import { createRequire as __bundleCreateRequire } from 'node:module';",
        "import { dirname as __bundleDirname } from 'node:path';",
        "import { fileURLToPath as __bundleFileURLToPath } from 'node:url';",
        'const require = __bundleCreateRequire(import.meta.url);',
        'const __bundleFile = (place) => __bundleFileURLToPath(new URL(place, import.meta.url));',
      ].join(' '),
    },
    logLevel: 'warning',
    plugins: [
      {
        name: 'file-places',
        setup(build) {
          build.onLoad({ filter: /\.(ts|js|mjs|cjs)$/ }, (args) => {
            const text = readFileSync(args.path, 'utf8');
            const meta = text.includes('import.meta.url');
            const dirnames = /\b__(dirname|filename)\b/.test(text) && !/\b(var|let|const)\s+__(dirname|filename)\b/.test(text);
            if (!meta && !dirnames) return undefined;
            const place = JSON.stringify(builtPlace(args.path));
            let contents = meta ? text.replaceAll('import.meta.url', `new URL(${place}, import.meta.url).href`) : text;
            if (dirnames) contents = `var __filename = __bundleFile(${place}), __dirname = __bundleDirname(__filename);\n${contents}`;
            return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js', resolveDir: dirname(args.path) };
          });
        },
      },
    ],
  });
  if (result.errors.length > 0) process.exit(1);
  const missing = [...places].filter((place) => !existsSync(join(bundleDir, place)));
  if (missing.length > 0) {
    console.error(`the bundle refers to files that are not there: ${missing.join(', ')}`);
    process.exit(1);
  }
}
