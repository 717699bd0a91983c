// Object keys are made by the service, never taken from the client:
//   <accountId>/<environment>/<purpose>/<uuid>/<file name reduced to [A-Za-z0-9._-]>
// Every segment is a UUID, a fixed word or a name that starts with a letter or digit and holds no
// slash, so no key can be "..", absolute or reach outside its tenant's folder. parseObjectKey checks
// the same shape on the way back in (signed URLs), before any file system or bucket is touched.
import type { Environment, Tenant } from '../../core/context.ts';
import type { ObjectPurpose } from './tables.ts';

const MAX_KEY_NAME = 100;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY_PATTERN = new RegExp(`^(${UUID})/(sandbox|production)/(image|deliverable)/(${UUID})/([A-Za-z0-9][A-Za-z0-9._-]{0,${MAX_KEY_NAME - 1}})$`);

export interface ParsedObjectKey {
  accountId: string;
  environment: Environment;
  purpose: ObjectPurpose;
  id: string;
  fileName: string;
}

export function buildObjectKey(tenant: Tenant, purpose: ObjectPurpose, id: string, fileName: string): string {
  return `${tenant.accountId}/${tenant.environment}/${purpose}/${id}/${keySafeFileName(fileName)}`;
}

export function parseObjectKey(key: string): ParsedObjectKey | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  return {
    accountId: match[1]!,
    environment: match[2] as Environment,
    purpose: match[3] as ObjectPurpose,
    id: match[4]!,
    fileName: match[5]!,
  };
}

/** The last path segment of a client-supplied name: browsers and tools sometimes send full paths. */
function baseName(name: string): string {
  const parts = name.split(/[/\\]/);
  return parts[parts.length - 1] ?? '';
}

/** A file name reduced to ASCII letters, digits, dot, dash and underscore (the key and header form). */
export function keySafeFileName(name: string): string {
  const ascii = baseName(name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents: "Relatório" -> "Relatorio"
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .replace(/[.-]+$/, '');
  if (!ascii) return 'file';
  if (ascii.length <= MAX_KEY_NAME) return ascii;
  const dot = ascii.lastIndexOf('.');
  const extension = dot > 0 && ascii.length - dot <= 10 ? ascii.slice(dot) : '';
  return ascii.slice(0, MAX_KEY_NAME - extension.length) + extension;
}

/**
 * The name shown to people and offered when downloading: the client's base name without control
 * or format characters (a right-to-left override can make "gpj.exe" read as "exe.jpg").
 */
export function displayFileName(name: string): string {
  const cleaned = baseName(name)
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 255);
  if (!cleaned || cleaned === '.' || cleaned === '..') return keySafeFileName(name);
  return cleaned;
}

/**
 * Content-Disposition with an ASCII name, plus the exact UTF-8 name (RFC 6266 / RFC 8187) only when
 * the ASCII form had to change it: plain names stay plain, which every client and bucket handles.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = keySafeFileName(fileName);
  if (ascii === fileName) return `${kind}; filename="${ascii}"`;
  const utf8 = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
