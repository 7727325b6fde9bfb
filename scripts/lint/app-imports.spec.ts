import { ESLint } from 'eslint';

/** Tests stand alone: no spec (nor any other file) imports another app's internals; @app/testing starts the apps. */
describe("no file imports another app's files", () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const lint = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: file });
    return result!.messages.filter((m) => m.ruleId === 'boundaries/app-imports').map((m) => m.message);
  };

  it.each([
    ['apps/api/src/rounds/x.int-spec.ts', "import { startTestEngine, startTestApi } from '@app/testing';"],
    ['apps/api/src/rounds/x.int-spec.ts', "import { SLOW_DOWN } from './rounds.gateway.js';"],
    [
      'apps/round-engine/src/rounds/x.int-spec.ts',
      "import { BetProcessorService } from '../bets/bet-processor.service.js';",
    ],
    ['load-tests/x.int-spec.ts', "import { runK6Test } from './lib/k6-node.mjs';"],
    ['libs/testing/src/apps.ts', "const m = await import('../../../apps/api/src/bootstrap.js');"],
  ])('accepts, in %s, %s', async (file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });

  it.each([
    [
      'apps/api/src/rounds/x.int-spec.ts',
      "import { startTestEngine } from '../../../round-engine/src/testing/test-engine.js';",
      'apps/round-engine',
    ],
    [
      'apps/round-engine/src/rounds/x.int-spec.ts',
      "import { createUser } from '../../../api/src/testing/users.js';",
      'apps/api',
    ],
    [
      'apps/round-engine/src/x.ts',
      "export { AccessTokenService } from '../../api/src/auth/access-token.service.js';",
      'apps/api',
    ],
    ['load-tests/x.int-spec.ts', "import { startTestApi } from '../apps/api/src/testing/test-api.js';", 'apps/api'],
    [
      'libs/testing/src/agreement/x.int-spec.ts',
      "import { SettlementService } from '../../../../apps/round-engine/src/rounds/settlement.service.js';",
      'apps/round-engine',
    ],
    ['libs/testing/src/users.ts', "const m = await import('../../../apps/api/src/auth/passwords.js');", 'apps/api'],
    ['scripts/x.spec.ts', "import { main } from '../apps/round-engine/src/main.js';", 'apps/round-engine'],
  ])('refuses, in %s, %s', async (file, code, app) => {
    const messages = await lint(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(`is a file of ${app}`);
    expect(messages[0]).toContain('start it through @app/testing');
  });
});
