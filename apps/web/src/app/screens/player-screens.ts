/** The screens of a signed-in player, loaded together with the first of them (see AppRoutes). */
export { GameScreen } from '../../features/game/components/GameScreen';
export { HistoryScreen } from '../../features/history/components/HistoryScreen';
export { WalletPage } from '../../features/wallet/components/WalletPage';
export { WithdrawPage } from '../../features/withdraw/components/WithdrawPage';
export { IdentityPage } from '../../features/identity/components/IdentityPage';
export { ProfilePage } from '../../features/profile/components/ProfilePage';
export { PublicProfilePage } from '../../features/profile/components/PublicProfilePage';
export { StatementScreen } from '../../features/statement/components/StatementScreen';
export { DisputesScreen } from '../../features/disputes/components/DisputesScreen';
