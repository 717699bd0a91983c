import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildObjectKey, contentDisposition, displayFileName, keySafeFileName, parseObjectKey } from './object-keys.ts';

const tenant = { accountId: '0190f5a2-8c4e-7b3a-9d2f-1a2b3c4d5e6f', environment: 'sandbox' as const };
const id = '0190f5a2-8c4e-7b3a-9d2f-aaaaaaaaaaaa';

describe('object keys', () => {
  it('any client file name gives a key that parses back inside its tenant, with no dot segments', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('image' as const, 'deliverable' as const), (name, purpose) => {
        const key = buildObjectKey(tenant, purpose, id, name);
        const parsed = parseObjectKey(key);
        expect(parsed).toEqual({ accountId: tenant.accountId, environment: 'sandbox', purpose, id, fileName: key.split('/')[4] });
        expect(key.split('/')).toHaveLength(5);
        expect(parsed!.fileName).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/);
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    '../0190f5a2-8c4e-7b3a-9d2f-1a2b3c4d5e6f/sandbox/image/0190f5a2-8c4e-7b3a-9d2f-aaaaaaaaaaaa/a.png',
    '0190f5a2-8c4e-7b3a-9d2f-1a2b3c4d5e6f/sandbox/image/0190f5a2-8c4e-7b3a-9d2f-aaaaaaaaaaaa/..',
    '0190f5a2-8c4e-7b3a-9d2f-1a2b3c4d5e6f/sandbox/image/0190f5a2-8c4e-7b3a-9d2f-aaaaaaaaaaaa/.hidden',
    '0190f5a2-8c4e-7b3a-9d2f-1a2b3c4d5e6f/sandbox/image/0190f5a2-8c4e-7b3a-9d2f-aaaaaaaaaaaa/a/b.png',
    '0190f5a2-8c4e-7b3a-9d2f-1a2b3c4d5e6f/staging/image/0190f5a2-8c4e-7b3a-9d2f-aaaaaaaaaaaa/a.png',
    '0190f5a2-8c4e-7b3a-9d2f-1a2b3c4d5e6f/sandbox/video/0190f5a2-8c4e-7b3a-9d2f-aaaaaaaaaaaa/a.png',
    '/0190f5a2-8c4e-7b3a-9d2f-1a2b3c4d5e6f/sandbox/image/0190f5a2-8c4e-7b3a-9d2f-aaaaaaaaaaaa/a.png',
    '0190f5a2-8c4e-7b3a-9d2f-1a2b3c4d5e6f/sandbox/image/0190f5a2-8c4e-7b3a-9d2f-aaaaaaaaaaaa/a%2f.png',
  ])('refuses the key %s', (key) => {
    expect(parseObjectKey(key)).toBeNull();
  });

  it('keeps the extension when a long name is shortened', () => {
    const name = keySafeFileName(`${'a'.repeat(300)}.tar.gz`);
    expect(name).toHaveLength(100);
    expect(name.endsWith('.gz')).toBe(true);
  });
});

describe('display names and Content-Disposition', () => {
  it('keeps the readable base name, dropping control and bidi-override characters', () => {
    expect(displayFileName('C:\\fotos\\Relatório final.pdf')).toBe('Relatório final.pdf');
    expect(displayFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(displayFileName('a\r\nb.txt')).toBe('ab.txt');
    expect(displayFileName('../..')).toBe('file');
  });

  it('is plain for ASCII-safe names and adds the UTF-8 form otherwise', () => {
    expect(contentDisposition('attachment', 'book.pdf')).toBe('attachment; filename="book.pdf"');
    expect(contentDisposition('inline', 'Relatório (final).pdf')).toBe(`inline; filename="Relatorio-final-.pdf"; filename*=UTF-8''Relat%C3%B3rio%20%28final%29.pdf`);
    expect(contentDisposition('attachment', 'say "hi".txt')).toBe(`attachment; filename="say-hi-.txt"; filename*=UTF-8''say%20%22hi%22.txt`);
  });
});
