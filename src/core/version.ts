// The service's version: package.json's, found from this file upwards, so the sources (src/core/), the
// compiled CLI (dist/src/) and the bundle find the same file.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let version: string | null = null;

export function serviceVersion(): string {
  if (version !== null) return version;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) return (version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown');
    const up = dirname(dir);
    if (up === dir) return (version = 'unknown');
    dir = up;
  }
}
