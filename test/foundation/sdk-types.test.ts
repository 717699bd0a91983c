// The SDK's committed types are those of the document this code serves: a route or schema change
// without `npm run sdk:types` fails here, so the SDK never drifts from the API.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { generateSdkTypes, SDK_TYPES_FILE } from '../../scripts/sdk-types.ts';

it('packages/sdk/src/schema.ts is generated from the served OpenAPI document (npm run sdk:types)', async () => {
  const committed = await readFile(SDK_TYPES_FILE, 'utf8');
  const fresh = await generateSdkTypes();
  // Compared line by line so a failure names the first lines that differ, not 15,000 of them.
  const a = committed.split('\n');
  const b = fresh.split('\n');
  const first = a.findIndex((line, i) => line !== b[i]);
  expect(first === -1 && a.length === b.length, `differs from line ${first + 1}: run npm run sdk:types`).toBe(true);
});
