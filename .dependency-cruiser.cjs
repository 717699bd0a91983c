// The layering rule of src/ (docs/ARCHITECTURE.md), checked by `npm run lint`:
//   core  <-  db, http, jobs  <-  modules (domain, one door each)  <-  flows  <-  app wiring
// A domain module or a flow is used by other areas only through its door (index.ts); a domain
// module never imports a flow, nor the HTTP layer outside its route and schema files. Tests may
// reach inside the area they test (they are not part of the running graph).
const AREA = '^src/(modules|flows)/([^/]+)/';
const TESTS = '(\\.test\\.ts|/test-fixtures\\.ts)$';
const ROUTE_FILES = '(routes|schemas|-routes|-schemas|-page|-pages)\\.ts$';
// The exceptions, each with its reason:
const HTTP_EXCEPTIONS = [
  // Usage ingestion's group commit answers many HTTP requests in one transaction: it stores each
  // request's rendered answer under its Idempotency-Key there (docs/metering.md).
  '^src/modules/metering/ingest-queue\\.ts$',
];

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No import loop, except through type-only imports (table types composed into db/schema.ts).',
      from: { path: '^src/', pathNot: TESTS },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'through-the-door',
      severity: 'error',
      comment: "Another area's files are private: import its index.ts.",
      from: { path: AREA, pathNot: TESTS },
      to: { path: '^src/(modules|flows)/[^/]+/', pathNot: ['^src/$1/$2/', '^src/(modules|flows)/[^/]+/index\\.ts$'] },
    },
    {
      name: 'domain-never-imports-a-flow',
      severity: 'error',
      from: { path: '^src/modules/', pathNot: TESTS },
      to: { path: '^src/flows/' },
    },
    {
      name: 'use-cases-see-no-http',
      severity: 'error',
      comment: 'Only route and schema files of an area know Fastify and the HTTP layer; use cases take plain input.',
      from: { path: AREA, pathNot: [TESTS, ROUTE_FILES, ...HTTP_EXCEPTIONS] },
      to: { path: '^src/http/' },
    },
    {
      name: 'core-is-pure',
      severity: 'error',
      comment: 'core/ imports nothing of the service: no database, no HTTP, no area.',
      from: { path: '^src/core/' },
      to: { path: '^src/(?!core/)' },
    },
    {
      name: 'infrastructure-knows-no-area',
      severity: 'error',
      comment: 'db/, http/ and jobs/ run any area: areas register with them (src/wiring.ts, src/background.ts), never the reverse. db/schema.ts composes the table types (type-only).',
      from: { path: '^src/(db|http|jobs)/', pathNot: TESTS },
      to: { path: '^src/(modules|flows)/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.js'] },
  },
};
