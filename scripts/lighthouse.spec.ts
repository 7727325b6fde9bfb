import { readLighthouseReport } from './lighthouse.mjs';

const page = (name: string, accessibility: number | null, bestPractices: number | null, performance = 50) => ({
  name,
  url: `http://localhost/${name}`,
  signedIn: false,
  scores: { performance, accessibility, 'best-practices': bestPractices },
  metrics: { fcpMs: 1000, lcpMs: 2000, tbtMs: 100, cls: 0 },
  failingAudits: [],
});

describe('the Lighthouse gate as a test suite', () => {
  it('counts accessibility and best practices of each page as one test each, passed at 95 or more; performance is not gated', () => {
    const report = {
      pages: [page('landing', 100, 95), page('login', 94, 100), page('game', 100, null), page('wallet', 99, 100, 10)],
    };
    expect(readLighthouseReport(report)).toEqual({ passed: 6, failed: 2, skipped: 0, todo: 0, notRun: [] });
  });

  it('is not a report without pages', () => {
    expect(readLighthouseReport({})).toBeNull();
    expect(readLighthouseReport(null)).toBeNull();
  });
});
