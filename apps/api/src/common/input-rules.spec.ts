import fc from 'fast-check';
import { hasHiddenCharacters, INPUT_LIMITS, INPUT_MESSAGES, inspectInput } from './input-rules.js';

describe('input rules', () => {
  it('accept ordinary payloads, including Indian scripts, emoji and line breaks', () => {
    expect(
      inspectInput({ name: 'Ravi Kumar', amount: 500, upiApp: 'PHONEPE', nested: { list: [1, 'two', null, true] } }),
    ).toBeNull();
    expect(inspectInput({ note: 'भुगतान मिला ✅ 🙂\nline two\tcolumn' })).toBeNull();
    expect(inspectInput({ pair: '\uD83D\uDE00' })).toBeNull();
  });

  it('refuse control, bidi, zero-width and invisible characters, and lone surrogates', () => {
    for (const ch of [
      '\u0000',
      '\u0007',
      '\u001B',
      '\u007F',
      '\u0085',
      '\u00AD',
      '\u061C',
      '\u200B',
      '\u200D',
      '\u200E',
      '\u2028',
      '\u202A',
      '\u202E',
      '\u2066',
      '\u2069',
      '\u2060',
      '\uFEFF',
      '\uDB40\uDC41',
      '\uD800',
      '\uDC00',
      'a\uD83D',
    ]) {
      expect({ ch: escape(ch), hidden: hasHiddenCharacters(`ok${ch}ok`) }).toEqual({ ch: escape(ch), hidden: true });
      expect(inspectInput({ field: `x${ch}` })).toEqual({ message: INPUT_MESSAGES.textControl, field: 'field' });
    }
  });

  it('refuse prototype keys anywhere, long keys, long text, deep nesting and too many values', () => {
    expect(inspectInput(JSON.parse('{"a":{"b":{"__proto__":{}}}}'))).toEqual({
      message: 'Unknown field: __proto__',
      field: 'a.b.__proto__',
    });
    expect(inspectInput({ constructor: 1 })).toEqual({ message: 'Unknown field: constructor', field: 'constructor' });
    expect(inspectInput({ ['k'.repeat(65)]: 1 })?.message).toBe(INPUT_MESSAGES.keyTooLong);
    expect(inspectInput({ note: 'x'.repeat(INPUT_LIMITS.textLength) })).toBeNull();
    expect(inspectInput({ note: 'x'.repeat(INPUT_LIMITS.textLength + 1) })).toEqual({
      message: INPUT_MESSAGES.textTooLong,
      field: 'note',
    });
    expect(inspectInput(JSON.parse('{"a":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}'))?.message).toBe(
      INPUT_MESSAGES.tooDeep,
    );
    expect(inspectInput({ a: { b: { c: { d: 1 } } } })).toBeNull();
    expect(inspectInput({ list: new Array(INPUT_LIMITS.values).fill(0) })?.message).toBe(INPUT_MESSAGES.tooMany);
  });

  it('never throws, whatever JSON value it is given', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 12 }), (value) => {
        const problem = inspectInput(value);
        expect(problem === null || typeof problem.message === 'string').toBe(true);
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});
