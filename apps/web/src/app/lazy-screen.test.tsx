import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyScreen, preloadScreen, preloadScreens } from './lazy-screen';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const First = () => <h1>First screen</h1>;
const Second = () => <h1>Second screen</h1>;

describe('lazy screens', () => {
  test("a screen shows the fallback until its chunk arrives; the chunk's other screens then render at once", async () => {
    const chunk = deferred<{ First: typeof First; Second: typeof Second }>();
    const load = vi.fn(() => chunk.promise);
    const LazyFirst = lazyScreen(load, 'First');
    const LazySecond = lazyScreen(load, 'Second');

    const view = render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyFirst />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    chunk.resolve({ First, Second });
    expect(await screen.findByRole('heading', { name: 'First screen' })).toBeInTheDocument();
    view.unmount();

    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazySecond />
      </Suspense>,
    );
    // No fallback on the way: the chunk is already here.
    expect(screen.getByRole('heading', { name: 'Second screen' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('preloading fetches every registered chunk, so screens render without a fallback', async () => {
    const load = vi.fn(async () => ({ First }));
    const LazyFirst = lazyScreen(load, 'First');
    await preloadScreens();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyFirst />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'First screen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test("a first screen's chunk loaded at start-up renders without suspending: React would otherwise hold it behind the fallback", async () => {
    const load = vi.fn(async () => ({ First }));
    const LazyFirst = lazyScreen(load, 'First');
    await preloadScreen(load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyFirst />
      </Suspense>,
    );
    // Rendered in the same pass: no fallback was committed, so React has no reveal to throttle.
    expect(screen.getByRole('heading', { name: 'First screen' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
