// Generates the SDK's types (packages/sdk/src/schema.ts) from the OpenAPI document the service
// serves, built with fixed settings so the output depends on the code only. `npm run sdk:types`
// writes the file; test/foundation/sdk-types.test.ts fails when the committed file differs.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { loadConfig } from '../src/config.ts';
import { startApp } from '../src/server.ts';

export const SDK_TYPES_FILE = join(import.meta.dirname, '..', 'packages', 'sdk', 'src', 'schema.ts');

const HEADER = '// Generated from the service\'s OpenAPI document by `npm run sdk:types`: do not edit.\n';

/** The OpenAPI document of this code, as a service on the defaults serves it. */
export async function servedDocument(): Promise<object> {
  const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:4000' });
  const { app } = await startApp(config, { logger: false });
  try {
    await app.ready();
    return app.swagger() as object;
  } finally {
    await app.close();
  }
}

export async function generateSdkTypes(): Promise<string> {
  const ast = await openapiTS(JSON.parse(JSON.stringify(await servedDocument())), { alphabetize: true });
  return HEADER + astToString(ast);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await writeFile(SDK_TYPES_FILE, await generateSdkTypes());
  console.log(`wrote ${SDK_TYPES_FILE}`);
}
