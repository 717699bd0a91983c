import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { DecimalString } from './schemas.ts';
import { toFieldErrors, validatorCompiler } from './validation.ts';

const schema = Type.Object(
  { events: Type.Array(Type.Object({ value: DecimalString(), meter: Type.String({ minLength: 1 }) }, { additionalProperties: false })) },
  { additionalProperties: false },
);

function validate(data: unknown, httpPart = 'body') {
  const fn = validatorCompiler({ schema, method: 'POST', url: '/x', httpPart }) as ((d: unknown) => boolean) & { errors?: never };
  const ok = fn(data);
  return ok ? [] : toFieldErrors(fn.errors ?? []);
}

describe('request validation', () => {
  it('refuses a JSON number where a decimal string belongs, with constraint decimal_string', () => {
    const errors = validate({ events: [{ value: '1.5', meter: 'a' }, { value: 2.5, meter: 'b' }] });
    expect(errors).toEqual([{ field: 'events[1].value', value: '2.5', constraint: 'decimal_string', description: expect.stringContaining('decimal string') }]);
  });

  it('refuses strings that are not plain decimals', () => {
    for (const value of ['1e3', 'abc', '', '1.']) {
      expect(validate({ events: [{ value, meter: 'a' }] })[0]).toMatchObject({ field: 'events[0].value', constraint: 'decimal_string' });
    }
  });

  it('reports missing and unknown fields with their paths', () => {
    const errors = validate({ events: [{ value: '1', colour: 'red' }] });
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'events[0].meter', constraint: 'required' }),
        expect.objectContaining({ field: 'events[0].colour', constraint: 'unknown_field', value: 'red' }),
      ]),
    );
  });

  it('never coerces body types', () => {
    expect(validate({ events: [{ value: '1', meter: 5 }] })[0]).toMatchObject({ field: 'events[0].meter', constraint: 'type', value: '5' });
  });
});
