import { BadRequestException } from '@nestjs/common';
import { parseReviewFilter } from './admin-payments.service.js';

describe('admin review filter', () => {
  it('defaults to PENDING and maps ALL to no status condition', () => {
    expect(parseReviewFilter({})).toEqual({ status: 'PENDING' });
    expect(parseReviewFilter({ status: '' })).toEqual({ status: 'PENDING' });
    expect(parseReviewFilter({ status: 'completed' })).toEqual({ status: 'COMPLETED' });
    expect(parseReviewFilter({ status: 'ALL' })).toEqual({ status: null });
  });

  it('reads from/to as IST days: from inclusive at IST midnight, to up to the next IST midnight', () => {
    expect(parseReviewFilter({ from: '2026-11-21', to: '2026-11-21' })).toEqual({
      status: 'PENDING',
      from: new Date('2026-11-20T18:30:00.000Z'),
      toExclusive: new Date('2026-11-21T18:30:00.000Z'),
    });
  });

  it.each([{ status: 'DONE' }, { from: '2026-13-01' }, { to: '21/11/2026' }, { from: ['2026-11-21'] }])(
    'refuses %j',
    (query) => {
      expect(() => parseReviewFilter(query)).toThrow(BadRequestException);
    },
  );
});
