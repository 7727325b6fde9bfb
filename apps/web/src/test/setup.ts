import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { i18n, loadLanguage } from '../shared/i18n/i18n';

// Hindi is loaded on demand in the app; the tests have both catalogues from the start, so a switch is immediate.
await loadLanguage('hi-IN');

// A test of the build itself runs in Node (`@vitest-environment node`): nothing of the browser to prepare.
const browser = typeof window !== 'undefined';

// jsdom does not scroll; the app scrolls to the top on every route change.
if (browser) window.scrollTo = (() => undefined) as typeof window.scrollTo;

// jsdom has no PointerEvent; swipes are pointer events. A MouseEvent with pointer fields is enough for the tests.
if (browser && typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'touch';
    }
  }
  window.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent;
}

// Tests start as a browser that may hold a session, so the app asks the server (whose fake answer decides).
// The tests of a browser that never signed in clear it themselves.
beforeEach(() => {
  // Every test starts in English (the catalogues are bundled: the switch is immediate); a test of Hindi switches.
  void i18n.changeLanguage('en-IN');
  if (!browser) return;
  localStorage.setItem('winround.maySignedIn', '1');
});

afterEach(() => {
  if (!browser) return;
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
