/** The route table of SPEC 2. */
export const PATHS = {
  landing: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  terms: '/terms-and-conditions',
  game: '/game',
  history: '/history',
  wallet: '/wallet',
  profile: '/profile',
  publicProfile: '/profile/:userId',
  deposit: '/deposit',
  withdraw: '/withdraw',
  adminDashboard: '/admin/dashboard',
  /** Public, open to everyone: how results are drawn, and verification in the browser. */
  fairness: '/fairness',
} as const;

export const LOGIN_PATH = PATHS.login;
export const PLAYER_HOME = PATHS.game;
export const ADMIN_HOME = PATHS.adminDashboard;
