import pg from 'pg';
import { pgArray } from './database.js';

/** pg's own serialisation of an array parameter (what it sends when given the JavaScript array). */
const pgOwn = (values: unknown[]) =>
  (pg as unknown as { utils: { prepareValue(v: unknown): string } }).utils.prepareValue(values);

describe('array parameters serialised in one pass', () => {
  it('gives the same text as pg for ids, amounts, flags, nulls and hostile text', () => {
    const cases: unknown[][] = [
      [],
      ['0194f1c2-6a1b-7c3d-8e4f-0123456789ab', '0194f1c2-6a1b-7c3d-8e4f-0123456789ac'],
      [10_000, -250, 0],
      [true, false],
      [null, 'x', undefined],
      [
        '',
        'NULL',
        'a,b',
        '{}',
        'say "hi"',
        'back\\slash',
        '\\"',
        'ünïcödé ₹',
        ' spaced ',
        '{"periodId":"202611210001","amount":1000}',
      ],
    ];
    for (const values of cases) expect(pgArray(values as never)).toBe(pgOwn(values));
  });
});
