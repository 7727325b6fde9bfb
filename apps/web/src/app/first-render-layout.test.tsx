import { configureStore } from '@reduxjs/toolkit';
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { useHideOnScroll } from '../shared/hooks/use-hide-on-scroll';
import { RouteChangeReporter } from './RouteChangeReporter';

/**
 * Reading the page's scroll position or scrolling while a screen first renders makes the browser lay the whole page
 * out in the middle of that render (on a throttled phone, tens of milliseconds of blocking time on the game and the
 * wallet). Neither the route reporter nor the header's hide-on-scroll does it on arrival; both still work afterwards.
 */
describe('no forced layout while the first screen renders', () => {
  let scrollYReads = 0;
  let scrollY = 0;
  const scrollTo = vi.fn();
  beforeEach(() => {
    scrollYReads = 0;
    scrollY = 0;
    scrollTo.mockClear();
    Object.defineProperty(window, 'scrollY', {
      configurable: true,
      get: () => {
        scrollYReads += 1;
        return scrollY;
      },
    });
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  });

  const store = () => configureStore({ reducer: { noop: (state: null = null) => state } });

  test('the route reporter scrolls to the top on a change of path, not on arrival', () => {
    let go: (path: string) => void = () => {};
    function Navigator() {
      const navigate = useNavigate();
      go = (path) => void navigate(path);
      return null;
    }
    render(
      <Provider store={store()}>
        <MemoryRouter initialEntries={['/game']}>
          <RouteChangeReporter />
          <Navigator />
        </MemoryRouter>
      </Provider>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => go('/wallet'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  test('the hide-on-scroll hook reads the scroll position only when the page scrolls', () => {
    const seen: boolean[] = [];
    function Probe() {
      seen.push(useHideOnScroll(56));
      return null;
    }
    render(<Probe />);
    expect(scrollYReads).toBe(0);
    // Scrolling down past the threshold hides, scrolling up shows again.
    act(() => {
      scrollY = 100;
      window.dispatchEvent(new Event('scroll'));
      scrollY = 300;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(seen.at(-1)).toBe(true);
    act(() => {
      scrollY = 200;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(seen.at(-1)).toBe(false);
    expect(scrollYReads).toBeGreaterThan(0);
  });
});
