import { relative } from 'node:path';
import {
  describeOutcomes,
  failureExcerpt,
  planStages,
  readJestReport,
  readPlaywrightReport,
  suiteOutcome,
} from './test-report.mjs';

/** Shaped like `jest --json` / Vitest's JSON report (fields as they write them). */
const jestReport = (
  over: Record<string, unknown> = {},
  tests: Array<[string, string]> = [['passed', 'wallet pays out']],
) => ({
  numFailedTestSuites: 0,
  numFailedTests: tests.filter(([s]) => s === 'failed').length,
  numPassedTests: tests.filter(([s]) => s === 'passed').length,
  numPendingTests: tests.filter(([s]) => s === 'pending' || s === 'skipped').length,
  numTodoTests: tests.filter(([s]) => s === 'todo').length,
  numRuntimeErrorTestSuites: 0,
  numTotalTests: tests.length,
  success: true,
  testResults: [
    {
      name: '/repo/apps/api/src/x.int-spec.ts',
      status: tests.some(([s]) => s === 'failed') ? 'failed' : 'passed',
      assertionResults: tests.map(([status, fullName]) => ({ status, fullName, title: fullName })),
    },
  ],
  ...over,
});

describe('npm test counts a suite truthfully', () => {
  it('counts the failed tests of a report', () => {
    const outcome = suiteOutcome({
      name: 'int',
      exitCode: 1,
      counts: readJestReport(
        jestReport({}, [
          ['passed', 'a'],
          ['failed', 'b'],
          ['failed', 'c'],
        ]),
      ),
    });
    expect(outcome).toMatchObject({ passed: 1, failed: 2, ran: 3, problems: [] });
  });

  it('names the failed tests with their files in the closing lines', () => {
    const outcome = suiteOutcome({
      name: 'int',
      exitCode: 1,
      counts: readJestReport(
        jestReport({}, [
          ['passed', 'a'],
          ['failed', 'b'],
        ]),
      ),
    });
    expect(describeOutcomes([outcome])).toEqual([
      'int: 1 passed, 1 failed',
      `  ✘ ${relative(process.cwd(), '/repo/apps/api/src/x.int-spec.ts')}: b`,
    ]);
  });

  it('prints the first lines of each failed test’s error under its name: no colours, no stack frames', () => {
    const report = jestReport({}, [['failed', 'b']]);
    const failureMessages = [
      [
        'Error: \u001b[2mexpect(\u001b[22mreceived\u001b[2m).toEqual(expected)',
        '',
        '- Expected',
        '+ Received',
        `  Object { "period": "${'x'.repeat(300)}" }`,
        '    at Object.<anonymous> (/repo/apps/api/src/x.int-spec.ts:10:5)',
        '    at processTicksAndRejections (node:internal/process/task_queues:95:5)',
      ].join('\n'),
    ];
    (report.testResults[0]!.assertionResults[0] as Record<string, unknown>).failureMessages = failureMessages;
    const lines = describeOutcomes([suiteOutcome({ name: 'int', exitCode: 1, counts: readJestReport(report) })]);
    expect(lines.slice(2)).toEqual([
      '      Error: expect(received).toEqual(expected)',
      '      - Expected',
      '      + Received',
      `        Object { "period": "${'x'.repeat(300)}" }`.slice(0, 205) + '…',
    ]);
    expect(failureExcerpt(Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n'))).toHaveLength(16);
    expect(failureExcerpt(undefined)).toEqual([]);
    const playwright = readPlaywrightReport({
      stats: { expected: 0, unexpected: 1, flaky: 0, skipped: 0 },
      suites: [
        {
          title: 'game.e2e.ts',
          specs: [
            {
              title: 'bets',
              tests: [
                {
                  status: 'unexpected',
                  results: [{ error: { message: 'first try' } }, { error: { message: 'Timed out' } }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(playwright?.failedReasons).toEqual([['Timed out']]);
  });

  it('counts a suite whose process exited non-zero as failed, even when its report shows no failure', () => {
    const outcome = suiteOutcome({ name: 'int', exitCode: 1, counts: readJestReport(jestReport()) });
    expect(outcome.failed).toBe(1);
    expect(outcome.problems).toEqual(['exited with code 1 although its report shows no failed test']);
    expect(
      suiteOutcome({ name: 'e2e', exitCode: null, signal: 'SIGKILL', counts: readJestReport(jestReport()) }).problems,
    ).toEqual(['was killed (SIGKILL) although its report shows no failed test']);
  });

  it('counts a suite without a readable report as failed, whatever its exit code', () => {
    for (const exitCode of [0, 1]) {
      const outcome = suiteOutcome({ name: 'web', exitCode, counts: readJestReport({ not: 'a report' }) });
      expect(outcome).toMatchObject({
        passed: 0,
        failed: 1,
        problems: [`exited with code ${exitCode} and wrote no readable report`],
      });
    }
  });

  it('counts a test file that could not run (no failed test of its own) as a failure', () => {
    const report = jestReport(
      {
        numRuntimeErrorTestSuites: 1,
        testResults: [{ name: 'x.int-spec.ts', status: 'failed', assertionResults: [] }],
      },
      [],
    );
    expect(suiteOutcome({ name: 'int', exitCode: 1, counts: readJestReport(report) })).toMatchObject({
      failed: 1,
      problems: [],
    });
    const vitestBroken = jestReport(
      { testResults: [{ name: 'a.test.tsx', status: 'failed', assertionResults: [] }] },
      [],
    );
    expect(readJestReport(vitestBroken)?.failed).toBe(1);
  });

  it('counts a suite that could not be started (a service it needs is missing) as one failure, with the reason', () => {
    const outcome = suiteOutcome({
      name: 'int',
      exitCode: null,
      counts: null,
      floor: 575,
      notStarted: 'Redis is needed for the integration tests: install redis-server',
    });
    expect(outcome).toMatchObject({
      passed: 0,
      failed: 1,
      problems: ['did not run: Redis is needed for the integration tests: install redis-server'],
    });
    expect(describeOutcomes([outcome])).toEqual([
      'int: 0 passed, 1 failed',
      '  ✘ int did not run: Redis is needed for the integration tests: install redis-server',
    ]);
  });

  it('fails a suite that ran fewer tests than its floor (a suite that silently stopped running)', () => {
    const counts = readJestReport(
      jestReport({}, [
        ['passed', 'a'],
        ['pending', 'b'],
        ['todo', 'c'],
      ]),
    );
    const outcome = suiteOutcome({ name: 'unit', exitCode: 0, counts, floor: 2 });
    expect(outcome).toMatchObject({
      passed: 1,
      ran: 1,
      failed: 1,
      problems: ['ran 1 tests, fewer than its floor of 2 (.ci/test-floors.json)'],
    });
    expect(suiteOutcome({ name: 'unit', exitCode: 0, counts, floor: 1 }).failed).toBe(0);
    expect(suiteOutcome({ name: 'unit', exitCode: 0, counts }).failed).toBe(0);
  });

  it('lists skipped and todo tests per suite', () => {
    const counts = readJestReport(
      jestReport({}, [
        ['passed', 'a'],
        ['pending', 'wallet › skipped one'],
        ['todo', 'wallet › later'],
        ['skipped', 'web › skipped in vitest'],
      ]),
    );
    expect(counts).toMatchObject({
      skipped: 2,
      todo: 1,
      notRun: ['skipped: wallet › skipped one', 'todo: wallet › later', 'skipped: web › skipped in vitest'],
    });
    const lines = describeOutcomes([suiteOutcome({ name: 'int', exitCode: 0, counts })]);
    expect(lines).toEqual([
      'int: 1 passed, 0 failed, 2 skipped, 1 todo',
      '  – skipped: wallet › skipped one',
      '  – todo: wallet › later',
      '  – skipped: web › skipped in vitest',
    ]);
  });

  it('reads a Playwright report: flaky passes, unexpected and top-level errors fail, skipped are listed', () => {
    const report = {
      stats: { expected: 3, unexpected: 1, flaky: 1, skipped: 1 },
      errors: [{ message: 'global setup failed' }],
      suites: [
        {
          title: 'game.e2e.ts',
          specs: [],
          suites: [{ title: 'game', specs: [{ title: 'bets', tests: [{ status: 'skipped' }] }] }],
        },
      ],
    };
    expect(readPlaywrightReport(report)).toEqual({
      passed: 4,
      failed: 2,
      skipped: 1,
      todo: 0,
      notRun: ['skipped: game.e2e.ts › game › bets'],
      failedNames: [],
      failedReasons: [],
    });
    expect(readPlaywrightReport({})).toBeNull();
  });

  it('prints the reason of every extra failure', () => {
    const outcome = suiteOutcome({
      name: 'e2e',
      exitCode: 1,
      counts: readPlaywrightReport({ stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 0 }, suites: [] }),
      floor: 5,
    });
    expect(describeOutcomes([outcome])).toEqual([
      'e2e: 2 passed, 2 failed',
      '  ✘ e2e exited with code 1 although its report shows no failed test',
      '  ✘ e2e ran 2 tests, fewer than its floor of 5 (.ci/test-floors.json)',
    ]);
  });
});

describe('planStages', () => {
  const order = ['unit', 'int', 'int-pooled', 'web', 'e2e', 'lighthouse', 'faults'];
  const stages = [[['unit']], [['int'], ['faults']], [['e2e', 'lighthouse'], ['int-pooled']], [['web']]];

  it('runs every stage, lanes side by side, when nothing is chosen', () => {
    expect(planStages({ stages, order })).toEqual(stages);
  });

  it('keeps the chosen suites only, dropping the lanes and stages left empty', () => {
    expect(planStages({ stages, order, chosen: ['lighthouse', 'int-pooled', 'web'] })).toEqual([
      [['lighthouse'], ['int-pooled']],
      [['web']],
    ]);
    // The lane that prints as it goes is the first one left: here the fault suite's, with int not chosen.
    expect(planStages({ stages, order, chosen: ['faults'] })).toEqual([[['faults']]]);
  });

  it('runs one suite at a time, in the suites’ order, when serial', () => {
    expect(planStages({ stages, order, chosen: ['faults', 'int'], serial: true })).toEqual([[['int']], [['faults']]]);
    expect(planStages({ stages, order, serial: true })).toHaveLength(order.length);
  });

  it('refuses stages that leave a suite out: it would never run', () => {
    expect(() => planStages({ stages: [[['unit']], [['int']]], order })).toThrow(
      'Suites in no stage: int-pooled, web, e2e, lighthouse, faults',
    );
  });
});
