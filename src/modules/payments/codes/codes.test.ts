// The generated codes read back by independent libraries: pix-utils parses the BR Codes and checks
// their CRC, jsQR (with pngjs) decodes the QR PNG, boleto-brasileiro-validator checks the boleto
// barcode's general check digit (in both forms), and @mrmgomes/boleto-utils checks the line's three
// field digits (mod 10), converts one form into the other and reads the amount and the due date
// (with the 2025 factor). That second library's own check-digit
// test uses the collection (arrecadação) rule for the barcode digit, which differs from the bank
// boleto rule when the remainder is 0 or 1, so it is not used for that.
import { calculaMod10, codBarras2LinhaDigitavel, identificarDataComNovoFator2025, identificarValor, linhaDigitavel2CodBarras } from '@mrmgomes/boleto-utils';
import validator from 'boleto-brasileiro-validator';
import jsQRModule from 'jsqr';
import { hasError, parsePix } from 'pix-utils';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { buildBoleto, dueDateFactor, sandboxBoletoFreeField } from './boleto.ts';
import { itfBarcodePngBase64 } from './itf-barcode.ts';
import { buildDynamicPixCode, buildStaticPixCode } from './pix-br-code.ts';
import { qrPngBase64 } from './qr-png.ts';
import { pixTxid } from '../sandbox-provider.ts';

// jsqr is CommonJS with an ES-style default in its types: take the function either way.
const jsQR: (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null = (jsQRModule as any).default ?? jsQRModule;

const fields = { amount: '1234.56', txid: 'a1b2c3d4e5f6a7b8c9d0e1f2a', merchantName: 'Padaria São João & Filhos Ltda', merchantCity: 'São Paulo' };

/** Top-level EMV fields of a BR Code, read here without the project's code. */
function tlv(code: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < code.length; ) {
    const id = code.slice(i, i + 2);
    const length = Number(code.slice(i + 2, i + 4));
    out.set(id, code.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return out;
}

describe('Pix BR Code', () => {
  it('builds a dynamic code pix-utils parses, with the location, names, amount and txid', () => {
    const code = buildDynamicPixCode({ ...fields, location: 'https://pay.example.com/pay/sandbox/pix/AbCdEf0123456789_-xyzABC' });
    const parsed = parsePix(code);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({ type: 'DYNAMIC', url: 'pay.example.com/pay/sandbox/pix/AbCdEf0123456789_-xyzABC', merchantName: 'Padaria Sao Joao & Filhos', merchantCity: 'Sao Paulo', transactionCurrency: '986', countryCode: 'BR' });
    const top = tlv(code);
    expect(top.get('00')).toBe('01');
    expect(top.get('01')).toBe('12');
    expect(top.get('54')).toBe('1234.56');
    expect(tlv(top.get('62')!).get('05')).toBe(fields.txid);
    expect(tlv(top.get('26')!).get('00')).toBe('br.gov.bcb.pix');
  });

  it('builds a static code with the key, amount and txid', () => {
    const code = buildStaticPixCode({ ...fields, pixKey: '00000000-0000-4000-8000-000000000000' });
    const parsed = parsePix(code);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({ type: 'STATIC', pixKey: '00000000-0000-4000-8000-000000000000', transactionAmount: 1234.56, txid: fields.txid });
  });

  it('ends with a CRC that pix-utils checks: a changed character is refused', () => {
    const code = buildDynamicPixCode({ ...fields, location: 'localhost:3000/pay/sandbox/pix/token' });
    const tampered = code.replace('1234.56', '1234.57');
    expect(hasError(parsePix(tampered))).toBe(true);
  });

  it('gives the sandbox txid a form pattern-based parsers read right, even when the id ends in 6304', () => {
    const txid = pixTxid('01a20b6c-58fa-7cba-aa18-290b38d16304');
    expect(txid).toMatch(/^[0-9a-f]{24}p$/);
    const parsed = parsePix(buildDynamicPixCode({ ...fields, txid, location: 'localhost:3000/pay/sandbox/pix/token' }));
    expect(hasError(parsed)).toBe(false);
  });

  it('refuses amounts and txids a BR Code cannot hold', () => {
    const location = 'localhost/x';
    for (const amount of ['10', '10.5', '0.00', '-1.00', '12345678901.00']) expect(() => buildDynamicPixCode({ ...fields, amount, location })).toThrow();
    expect(() => buildDynamicPixCode({ ...fields, txid: 'x'.repeat(26), location })).toThrow();
    expect(() => buildDynamicPixCode({ ...fields, location: `host/${'a'.repeat(100)}` })).toThrow();
  });
});

describe('QR PNG', () => {
  it('decodes back to exactly the text, long payloads included', async () => {
    for (const text of [buildDynamicPixCode({ ...fields, location: 'localhost:3000/pay/sandbox/pix/abcdefghijklmnopqrstuvwx' }), `000201${'9'.repeat(400)}`]) {
      const base64 = await qrPngBase64(text);
      expect(base64).not.toMatch(/^data:/);
      const png = PNG.sync.read(Buffer.from(base64, 'base64'));
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(decoded?.data).toBe(text);
    }
  });
});

describe('boleto', () => {
  it('counts the due-date factor across its 2025 restart', () => {
    expect(dueDateFactor(new Date('2000-07-03T12:00:00Z'))).toBe('1000');
    expect(dueDateFactor(new Date('2025-02-21T12:00:00Z'))).toBe('9999');
    expect(dueDateFactor(new Date('2025-02-22T00:00:00Z'))).toBe('1000');
    expect(dueDateFactor(new Date('2025-02-23T23:59:59Z'))).toBe('1001');
    expect(dueDateFactor(new Date('2049-10-13T00:00:00Z'))).toBe('9999');
    expect(dueDateFactor(new Date('2049-10-14T00:00:00Z'))).toBe('1000');
  });

  it('makes lines and barcodes independent validators accept, with the amount and due date', () => {
    const dueDate = new Date('2026-12-10T15:00:00Z');
    // Many payment ids, so the barcode digit meets every remainder (0 and 1 included).
    for (let i = 0; i < 200; i += 1) {
      const id = `0195f0a0-1c2d-7e3f-8a4b-${String(i).padStart(12, '0')}`;
      const { barcode, line } = buildBoleto({ bankCode: '000', amount: '1234.56', dueDate, freeField: sandboxBoletoFreeField(id) });
      expect(line).toMatch(/^[0-9]{47}$/);
      expect(barcode).toMatch(/^[0-9]{44}$/);
      expect(validator.boletoBancarioLinhaDigitavel(line), line).toBe(true);
      expect(validator.boletoBancarioCodigoBarras(barcode), barcode).toBe(true);
      for (const [start, end] of [[0, 9], [10, 20], [21, 31]] as const) expect(String(calculaMod10(line.slice(start, end)))).toBe(line[end]);
      expect(codBarras2LinhaDigitavel(barcode, false)).toBe(line);
      expect(linhaDigitavel2CodBarras(line)).toBe(barcode);
      expect(identificarValor(barcode, 'CODIGO_DE_BARRAS')).toBe(1234.56);
      expect(new Date(identificarDataComNovoFator2025(barcode, 'CODIGO_DE_BARRAS')).toISOString().slice(0, 10)).toBe('2026-12-10');
    }
    const { line } = buildBoleto({ bankCode: '000', amount: '1.00', dueDate, freeField: '1'.repeat(25) });
    for (const position of [2, 12, 25, 32, 40]) {
      const tampered = `${line.slice(0, position)}${(Number(line[position]) + 1) % 10}${line.slice(position + 1)}`;
      expect(validator.boletoBancarioLinhaDigitavel(tampered), `digit ${position}`).toBe(false);
    }
  });

  it('refuses what ten digits of cents cannot hold', () => {
    expect(() => buildBoleto({ bankCode: '000', amount: '100000000.00', dueDate: new Date(), freeField: '0'.repeat(25) })).toThrow();
    expect(buildBoleto({ bankCode: '000', amount: '99999999.99', dueDate: new Date('2026-01-01'), freeField: '0'.repeat(25) }).barcode.slice(9, 19)).toBe('9999999999');
  });

  it('renders the barcode as a PNG image', async () => {
    const png = PNG.sync.read(Buffer.from(await itfBarcodePngBase64('00099165600000100001234567890123456789012345'), 'base64'));
    expect(png.width).toBeGreaterThan(200);
    expect(png.height).toBeGreaterThan(20);
  });
});
