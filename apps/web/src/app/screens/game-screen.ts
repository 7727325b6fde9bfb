/** The game screen, the page most visits open with: a chunk of its own (see AppRoutes). */
export { GameScreen } from '../../features/game/components/GameScreen';
