import type { PlayerNotice } from '@app/realtime';
import { pushOfNotice } from './push-notice.js';

const notice = (language: PlayerNotice['language']): PlayerNotice => ({
  userId: 'u1',
  email: 'asha@gmail.com',
  username: 'asha',
  language,
  notice: { kind: 'withdrawal-rejected', amount: 600, transactionId: 'WDR1', reason: 'IFSC does not match' },
  amountPaise: 60_000,
  reference: null,
});

describe("a notice's push", () => {
  it("is written in the player's language, with the reviewer's reason and the transaction as its tag", () => {
    expect(pushOfNotice(notice('en-IN'))).toEqual({
      title: 'Withdrawal not paid',
      body: '₹600.00 is back in your main balance. Reason: IFSC does not match',
      tag: 'withdrawal-rejected-WDR1',
      url: '/wallet',
    });
    expect(pushOfNotice(notice('hi-IN'))).toEqual({
      title: 'निकासी का भुगतान नहीं हुआ',
      body: '₹600.00 आपके मुख्य बैलेंस में वापस आ गए। कारण: IFSC does not match',
      tag: 'withdrawal-rejected-WDR1',
      url: '/wallet',
    });
  });
});
