import {
  identityDocument,
  isDocumentNumber,
  maskDocumentNumber,
  normalizeDocumentNumber,
  PAN_DOCUMENT,
} from './identity-document.js';

describe('the identity document: PAN by default, or the operator’s own', () => {
  it('a PAN is five letters, four digits and a letter (AAAAA9999A), typed in any case with spaces', () => {
    expect(isDocumentNumber(PAN_DOCUMENT, normalizeDocumentNumber(' abcde 1234 f '))).toBe(true);
    expect(normalizeDocumentNumber('abcde-1234-f')).toBe('ABCDE1234F');
    for (const wrong of [
      'ABCD1234F',
      'ABCDE12345',
      'ABCDE1234FF',
      '1BCDE1234F',
      'ABCDE123F4',
      'ABCDE1234',
      '',
      'ＡBCDE1234F!',
    ]) {
      expect(isDocumentNumber(PAN_DOCUMENT, normalizeDocumentNumber(wrong))).toBe(false);
    }
  });

  it('is shown masked: the digits and the check letter of a PAN, the last 4 of another, never more than half', () => {
    expect(maskDocumentNumber(PAN_DOCUMENT, 'ABCDE1234F')).toBe('XXXXX1234F');
    expect(maskDocumentNumber({ visible: 4 }, '123456789012')).toBe('XXXXXXXX9012');
    expect(maskDocumentNumber({ visible: 4 }, 'AB12')).toBe('XX12');
  });

  it('is configured by a known code, or a code with its name and pattern; a wrong one stops the start', () => {
    expect(identityDocument('pan')).toBe(PAN_DOCUMENT);
    const aadhaar = identityDocument('AADHAAR', { name: 'Aadhaar', pattern: '[2-9][0-9]{11}' });
    expect(aadhaar).toMatchObject({ type: 'AADHAAR', name: 'Aadhaar', visible: 4 });
    expect(isDocumentNumber(aadhaar, normalizeDocumentNumber('2345 6789 0123'))).toBe(true);
    expect(isDocumentNumber(aadhaar, '1234567890123')).toBe(false);
    expect(() => identityDocument('PASSPORT')).toThrow(/not a known document type/);
    expect(() => identityDocument('ID', { pattern: '[A-' })).toThrow(/not a valid regular expression/);
    expect(() => identityDocument('ID', { pattern: '[A-Z]*' })).toThrow(/empty/);
    expect(() => identityDocument('no spaces please')).toThrow(RangeError);
  });
});
