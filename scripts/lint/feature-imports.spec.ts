import { ESLint } from 'eslint';

/** The web app's layers: app → features → shared, so no feature imports the app shell (apps/web/src/app). */
describe('no web feature imports the app shell', () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const lint = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: file });
    return result!.messages.filter((m) => m.ruleId === 'boundaries/feature-imports').map((m) => m.message);
  };

  it.each([
    ['apps/web/src/features/wallet/selectors.ts', "import type { RootState } from '../../shared/store-types';"],
    [
      'apps/web/src/features/wallet/components/WalletPage.tsx',
      "import { useAppDispatch } from '../../../shared/store-hooks';",
    ],
    ['apps/web/src/features/wallet/components/WalletPage.tsx', "import { PATHS } from '../../../shared/paths';"],
    ['apps/web/src/features/game/game.saga.ts', "import { selectWallet } from '../wallet/selectors';"],
    ['apps/web/src/features/admin/components/AdminConsole.tsx', "import { adminFeature } from '../admin.feature';"],
    // Tests assemble the whole app around a feature.
    ['apps/web/src/features/wallet/wallet.saga.test.ts', "import { createAppStore } from '../../app/store';"],
    [
      'apps/web/src/features/game/components/GameScreen.test.tsx',
      "import { AppRoutes } from '../../../app/AppRoutes';",
    ],
    // The shell itself assembles the features.
    ['apps/web/src/app/root-reducer.ts', "import { walletReducer } from '../features/wallet/wallet.slice';"],
  ])('accepts, in %s, %s', async (file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });

  it.each([
    ['apps/web/src/features/wallet/selectors.ts', "import type { RootState } from '../../app/root-reducer';"],
    ['apps/web/src/features/admin/players.feature.ts', "import type { LazyFeature } from '../../app/store';"],
    ['apps/web/src/features/wallet/components/WalletPage.tsx', "import { PATHS } from '../../../app/paths';"],
    ['apps/web/src/features/game/components/x.tsx', "export { AppRoutes } from '../../../app/AppRoutes';"],
    ['apps/web/src/features/admin/x.ts', "const m = await import('../../app/guards/ProtectedRoute');"],
    ['apps/web/src/features/admin/x.ts', "import { App } from '../../app';"],
  ])('refuses, in %s, %s', async (file, code) => {
    const messages = await lint(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('is a file of the app shell (apps/web/src/app)');
    expect(messages[0]).toContain('from shared/');
  });
});
