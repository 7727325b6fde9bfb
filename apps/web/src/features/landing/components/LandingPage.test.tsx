import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithStore } from '../../../test/render-app';
import { LandingPage } from './LandingPage';
import { REVIEW_INTERVAL_MS, ReviewCarousel } from './ReviewCarousel';

/** The one review a user sees; the others are aria-hidden and inert. */
const visibleReview = () => screen.getByRole('group');

describe('landing page', () => {
  test('shows the three games greyed out as unavailable', () => {
    renderWithStore(<LandingPage />);
    const games = within(screen.getByRole('region', { name: 'Games' })).getAllByRole('listitem');
    expect(games.map((g) => within(g).getByRole('heading').textContent)).toEqual([
      'Color Clash',
      'Big or Small',
      'Pick a Number',
    ]);
    for (const game of games) {
      expect(game).toHaveAttribute('aria-disabled', 'true');
      expect(within(game).getByText('Unavailable')).toBeInTheDocument();
    }
  });

  test('offers a way to log in and to register', async () => {
    const { user } = renderWithStore(<LandingPage />);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  test('has the how-to-play list, the support links and the terms', () => {
    renderWithStore(<LandingPage />);
    expect(within(screen.getByRole('region', { name: 'How to play' })).getAllByRole('listitem').length).toBeGreaterThan(3);
    const support = screen.getByRole('region', { name: 'Support' });
    expect(within(support).getByRole('link', { name: /support group/i })).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    expect(within(support).getByRole('link', { name: /^E-mail/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/terms-and-conditions');
  });

  test('shows the chance and the return after GST of each choice', () => {
    renderWithStore(<LandingPage />);
    const table = screen.getByRole('table', { name: 'Chance and return per choice' });
    const row = (name: string) =>
      within(within(table).getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(row('big')).toEqual(['50%', 'x2', '91%']);
    expect(row('violet')).toEqual(['20%', 'x2', '36.4%']);
    expect(row('any one digit')).toEqual(['10%', 'x9', '75.6%']);
  });

  test('prices stakes in rupees with two decimals', () => {
    renderWithStore(<LandingPage />);
    expect(screen.getByText('Stakes from ₹10.00 to ₹1,000.00.')).toBeInTheDocument();
  });
});

describe('review carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('shows four reviews of 4 or 5 stars, one at a time, advancing on its own', () => {
    renderWithStore(<ReviewCarousel />);
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides).toHaveLength(4);
    for (const slide of slides) {
      expect(within(slide).getByLabelText(/^Rated [45] out of 5$/)).toBeInTheDocument();
    }
    expect(visibleReview()).toHaveAccessibleName('1 of 4');

    act(() => vi.advanceTimersByTime(REVIEW_INTERVAL_MS));
    expect(visibleReview()).toHaveAccessibleName('2 of 4');
    for (const next of ['3 of 4', '4 of 4', '1 of 4']) {
      act(() => vi.advanceTimersByTime(REVIEW_INTERVAL_MS));
      expect(visibleReview()).toHaveAccessibleName(next);
    }
  });

  test('dots jump to a review; pause stops the rotation', () => {
    renderWithStore(<ReviewCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Show review 3 of 4' }));
    expect(visibleReview()).toHaveAccessibleName('3 of 4');
    expect(screen.getByRole('button', { name: 'Show review 3 of 4' })).toHaveAttribute('aria-current', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Pause reviews' }));
    act(() => vi.advanceTimersByTime(REVIEW_INTERVAL_MS * 2));
    expect(visibleReview()).toHaveAccessibleName('3 of 4');
    expect(screen.getByRole('button', { name: 'Play reviews' })).toBeInTheDocument();
  });

  test('a swipe left shows the next review and a swipe right the previous one', () => {
    renderWithStore(<ReviewCarousel />);
    const viewport = visibleReview().closest('.carousel__viewport')!;
    fireEvent.pointerDown(viewport, { clientX: 300 });
    fireEvent.pointerUp(viewport, { clientX: 200 });
    expect(visibleReview()).toHaveAccessibleName('2 of 4');
    fireEvent.pointerDown(viewport, { clientX: 100 });
    fireEvent.pointerUp(viewport, { clientX: 260 });
    expect(visibleReview()).toHaveAccessibleName('1 of 4');
    fireEvent.pointerDown(viewport, { clientX: 100 });
    fireEvent.pointerUp(viewport, { clientX: 120 });
    expect(visibleReview()).toHaveAccessibleName('1 of 4');
  });
});
