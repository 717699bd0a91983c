import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { DateTimeInput, DecimalString, Uuid } from './schemas.ts';
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

  it('checks every date-time and uuid in full, repeated or not', () => {
    const timed = Type.Object({ events: Type.Array(Type.Object({ at: DateTimeInput(), id: Uuid() })) });
    const fn = validatorCompiler({ schema: timed, method: 'POST', url: '/x', httpPart: 'body' }) as ((d: unknown) => boolean) & { errors?: never };
    const fields = (events: Array<{ at: string; id: string }>) => (fn({ events }) ? [] : toFieldErrors(fn.errors ?? []).map((e) => `${e.field} ${e.constraint}`));
    const good = { at: '2028-02-29T10:00:00Z', id: '0190a0b0-0000-7000-8000-000000000000' };
    const bad = { at: '2026-02-30T10:00:00Z', id: '0190a0b0-0000-7000-8000-00000000000' };
    expect(fields([good, good, good])).toEqual([]);
    expect(fields([bad, bad, good, bad])).toEqual(['events[0].at date-time', 'events[0].id uuid', 'events[1].at date-time', 'events[1].id uuid', 'events[3].at date-time', 'events[3].id uuid']);
    expect(fields([good, { ...good, at: '2026-02-29T10:00:00Z' }, good])).toEqual(['events[1].at date-time']);
  });
});
