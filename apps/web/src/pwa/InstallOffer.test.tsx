import { act, screen } from '@testing-library/react';
import { createAppStore } from '../app/store';
import { provisionalBetRecorded } from '../features/bets/bets.slice';
import { renderWithStore } from '../test/render-app';
import { InstallOffer } from './InstallOffer';
import { holdInstallPrompt, resetInstallPromptForTests, wasOffered } from './install-prompt';

function browserOffers(): { prompt: ReturnType<typeof vi.fn>; prevented: () => boolean } {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void> };
  const prompt = vi.fn(() => Promise.resolve());
  event.prompt = prompt;
  act(() => void window.dispatchEvent(event));
  return { prompt, prevented: () => event.defaultPrevented };
}

const aBet = provisionalBetRecorded({ periodId: '202611210541', betType: 'color', betValue: 'red', amount: 10 });

describe('the install offer', () => {
  beforeAll(() => holdInstallPrompt(window));
  beforeEach(() => {
    resetInstallPromptForTests();
    localStorage.clear();
  });

  it('holds the browser offer and makes it only once the player has placed a bet', async () => {
    const store = createAppStore({ runSagas: false });
    const { user } = renderWithStore(<InstallOffer />, { store });
    const offer = browserOffers();
    expect(offer.prevented()).toBe(true);
    expect(screen.queryByText('Keep WinRound on your home screen')).toBeNull();
    act(() => void store.dispatch(aBet));
    expect(screen.getByText('Keep WinRound on your home screen')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Keep WinRound on your home screen')).toBeNull();
    expect(wasOffered()).toBe(true);
  });

  it('is made once: after Not now, a later offer of the browser is not shown again', async () => {
    const store = createAppStore({ runSagas: false });
    store.dispatch(aBet);
    const { user, unmount } = renderWithStore(<InstallOffer />, { store });
    const first = browserOffers();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(first.prompt).not.toHaveBeenCalled();
    unmount();
    renderWithStore(<InstallOffer />, { store });
    browserOffers();
    expect(screen.queryByText('Keep WinRound on your home screen')).toBeNull();
  });

  it('is never made when the browser does not offer installation', () => {
    const store = createAppStore({ runSagas: false });
    store.dispatch(aBet);
    renderWithStore(<InstallOffer />, { store });
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });
});
