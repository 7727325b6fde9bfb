/** The screens of a signed-in player but the game (game-screen.ts), loaded together with the first of them (see AppRoutes). */
export { HistoryScreen } from '../../features/history/components/HistoryScreen';
export { WalletPage } from '../../features/wallet/components/WalletPage';
export { WithdrawPage } from '../../features/withdraw/components/WithdrawPage';
export { IdentityPage } from '../../features/identity/components/IdentityPage';
export { ProfilePage } from '../../features/profile/components/ProfilePage';
export { PublicProfilePage } from '../../features/profile/components/PublicProfilePage';
export { StatementScreen } from '../../features/statement/components/StatementScreen';
export { DisputesScreen } from '../../features/disputes/components/DisputesScreen';
