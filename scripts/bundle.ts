// One esbuild bundle of the service's entry points, used by `npm run build` (dist/src/main.js) and
// by the test run (test/global-setup.ts: the service and the CLI that child-process tests start).
//
// A start then reads one file instead of about 1,500 (Kysely and TypeBox alone are over 500). The
// code loaded on first use only (the S3 store, the CLI's operator commands) becomes a chunk beside
// it, loaded on that use. Packages that load files of their own (PGlite's WebAssembly and data
// files, the API reference's static assets) or that start only on first use (the AWS SDK, viem,
// @x402) stay outside and load from node_modules, so the bundle must sit where node_modules is
// found (inside the repository). The TypeScript goes through esbuild's transform, the one tsx gives
// `npm start`.
//
// Bundled code is no longer in its own file, so the two ways code finds files beside itself are
// rewritten file by file to the place `placeOf` gives (the build: where the file would be in dist/;
// the tests: the source itself): `import.meta.url` (our migrations, stored functions and the saved
// cluster) and CommonJS's `__dirname` / `__filename` (packages reading their own package.json).
// Names are kept (`keepNames`): error classes keep their `name`.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';

export interface BundleOptions {
  /** Output name -> source file, e.g. `{ main: '/repo/src/main.ts' }`. */
  entryPoints: Record<string, string>;
  outdir: string;
  /** Where the code of `path` (a source, or a file in node_modules) finds its neighbours once bundled. */
  placeOf(path: string): string;
}

/** Bundles; throws when esbuild fails or the bundle refers to a place that does not exist. */
export async function bundle({ entryPoints, outdir, placeOf }: BundleOptions): Promise<void> {
  // esbuild comes with tsx (a dependency): resolved through it, not from the top of node_modules.
  const requireFromTsx = createRequire(createRequire(import.meta.url).resolve('tsx'));
  const esbuild = requireFromTsx('esbuild') as typeof import('esbuild');
  /** The places written into the bundle, each checked to exist once built. */
  const places = new Set<string>();
  const writtenPlace = (path: string): string => {
    const written = `./${relative(outdir, placeOf(path)).split(sep).join('/')}`;
    places.add(written);
    return written;
  };
  const result = await esbuild.build({
    entryPoints,
    outdir,
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
            const place = JSON.stringify(writtenPlace(args.path));
            let contents = meta ? text.replaceAll('import.meta.url', `new URL(${place}, import.meta.url).href`) : text;
            if (dirnames) contents = `var __filename = __bundleFile(${place}), __dirname = __bundleDirname(__filename);\n${contents}`;
            return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js', resolveDir: dirname(args.path) };
          });
        },
      },
    ],
  });
  if (result.errors.length > 0) throw new Error(`esbuild failed: ${result.errors.map((e) => e.text).join('; ')}`);
  // A place is a module's file, or where it would be: its folder must exist (the files the module
  // finds beside itself are there; the build copies them, the tests use the sources').
  const missing = [...places].filter((place) => !existsSync(dirname(join(outdir, place))));
  if (missing.length > 0) throw new Error(`the bundle refers to folders that are not there: ${missing.join(', ')}`);
}
