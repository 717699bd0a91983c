// processor_b's conversions: a boleto's typed line to its bar code, amounts to and from minor units.
import boletoValidator from 'boleto-brasileiro-validator';
import { expect, test } from 'vitest';
import { buildBoleto } from '../../codes/boleto.ts';
import { decimalOf, minorUnitsOf } from './amounts.ts';
import { boletoBarcodeOf } from './boleto-line.ts';

test.each([
  ['001', '10.50', '2026-11-30T12:00:00Z', '0000000000000000000012345'],
  ['237', '123456.78', '2027-03-01T12:00:00Z', '9876543210987654321098765'],
  ['341', '0.01', '2025-02-22T12:00:00Z', '1111111111111111111111111'],
])('the bar code of a %s boleto of %s is its typed line reordered', (bankCode, amount, due, freeField) => {
  const { line, barcode } = buildBoleto({ bankCode, amount, dueDate: new Date(due), freeField });
  expect(boletoBarcodeOf(line)).toBe(barcode);
  expect(boletoValidator.boletoBancarioCodigoBarras(barcode)).toBe(true);
  // Stripe may format the line with dots and spaces.
  const formatted = `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line[32]} ${line.slice(33)}`;
  expect(boletoBarcodeOf(formatted)).toBe(barcode);
});

test('a line that is not a 47-digit bank boleto has no bar code', () => {
  expect(boletoBarcodeOf('1234')).toBeNull();
  expect(boletoBarcodeOf('8'.repeat(48))).toBeNull();
});

test('amounts in minor units and back, by the currency exponent', () => {
  expect(minorUnitsOf('10.50', 'BRL')).toBe(1050);
  expect(minorUnitsOf('1500', 'JPY')).toBe(1500);
  expect(minorUnitsOf('1.234', 'BHD')).toBe(1234);
  expect(minorUnitsOf('0.1', 'brl')).toBe(10);
  expect(decimalOf(1050, 'brl')).toBe('10.50');
  expect(decimalOf(1500, 'jpy')).toBe('1500');
  expect(decimalOf(1, 'BRL')).toBe('0.01');
  expect(() => minorUnitsOf('100000000000000.00', 'BRL')).toThrow(RangeError);
});
