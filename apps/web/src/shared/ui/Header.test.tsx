import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithStore } from '../../test/render-app';
import { Header } from './Header';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
    fireEvent.scroll(window);
  });
}

const banner = () => screen.getByRole('banner');

describe('shared header', () => {
  afterEach(() => Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true }));

  test('shows the seconds left when a time is given', () => {
    renderWithStore(<Header time={12} />);
    expect(screen.getByRole('timer', { name: '12 seconds left' })).toHaveTextContent('12s');
    expect(screen.queryByRole('button', { name: 'Go back' })).not.toBeInTheDocument();
  });

  test('shows a spinner instead of the countdown when the time is exactly 30', () => {
    renderWithStore(<Header time={30} />);
    expect(screen.getByRole('status', { name: 'New round starting' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go back' })).not.toBeInTheDocument();
  });

  test('shows 0 as a countdown, not as missing', () => {
    renderWithStore(<Header time={0} />);
    expect(screen.getByRole('timer')).toHaveTextContent('0s');
  });

  test('shows a back button when no time is given; it goes back, or home when there is no history', async () => {
    const { user } = renderWithStore(
      <Routes>
        <Route path="*" element={<Header />} />
      </Routes>,
      { path: '/wallet' },
    );
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test('the back button returns to the previous screen', async () => {
    const { user } = renderWithStore(<Header />, { history: ['/history', '/wallet'] });
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/history');
  });

  test('the logo goes to /game', async () => {
    const { user } = renderWithStore(<Header />, { path: '/wallet' });
    const logo = screen.getByRole('link', { name: 'WinRound, go to games' });
    expect(logo).toHaveAttribute('href', '/game');
    await user.click(logo);
    expect(screen.getByTestId('location')).toHaveTextContent('/game');
  });

  test('hides when scrolled down past 40 px and comes back on scroll up', () => {
    renderWithStore(<Header />);
    expect(banner()).toHaveAttribute('data-hidden', 'false');

    scrollTo(30);
    expect(banner()).toHaveAttribute('data-hidden', 'false');
    scrollTo(40);
    expect(banner()).toHaveAttribute('data-hidden', 'false');
    scrollTo(120);
    expect(banner()).toHaveAttribute('data-hidden', 'true');
    expect(banner()).toHaveClass('app-header--hidden');
    scrollTo(300);
    expect(banner()).toHaveAttribute('data-hidden', 'true');

    scrollTo(280);
    expect(banner()).toHaveAttribute('data-hidden', 'false');
    expect(banner()).not.toHaveClass('app-header--hidden');
  });
});
