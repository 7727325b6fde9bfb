/**
 * Every player screen's stylesheet, loaded with the entry in this order, and the global stylesheet after them
 * (main.tsx). The screens' scripts load with their routes, but their rules stay in one cascade: a global rule wins
 * a tie with a screen's rule, whichever screen was opened first. They are one stylesheet, one request (a phone on
 * HTTP/1.1 has six connections, and the session's restoration waits for one); `app/bundle-split.test.ts` checks that no other
 * player stylesheet is built. (The admin console's stylesheet travels in its own chunk and comes last, as before.)
 */
import '../features/language/components/language-switch.css';
import '../features/play-safely/components/play-safely.css';
import '../features/play-safely/play-safely.css';
import '../features/identity/components/identity.css';
import '../shared/ui/spinner.css';
import '../shared/ui/header.css';
import '../shared/ui/field.css';
import '../features/auth/auth.css';
import '../features/wallet/components/payments.css';
import '../features/game/components/choice.css';
import '../features/fairness/fairness.css';
import '../features/game/game.css';
import '../features/history/history.css';
import '../features/landing/landing.css';
import '../shared/ui/copy-button.css';
import '../features/profile/profile.css';
import '../features/terms/terms.css';
import '../pages/pages.css';
import '../features/toasts/toasts.css';
import '../shared/ui/bottom-nav.css';
import '../pwa/offer-card.css';
import '../features/disputes/disputes.css';
import '../features/statement/statement.css';
import '../features/sound/sound.css';
import '../features/deposit/components/deposit.css';
import '../features/help/help.css';
