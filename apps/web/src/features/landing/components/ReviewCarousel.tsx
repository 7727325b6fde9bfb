import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { REVIEWS, type Review } from '../reviews';

/** Time each review stays before the next one slides in. */
export const REVIEW_INTERVAL_MS = 5_000;
/** Horizontal travel that counts as a swipe. */
const SWIPE_PX = 40;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function Stars({ rating }: { rating: number }) {
  return (
    <p className="review__stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      <span aria-hidden="true">
        {'★'.repeat(rating)}
        <span className="review__stars-off">{'★'.repeat(5 - rating)}</span>
      </span>
    </p>
  );
}

function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="review">
      <Stars rating={review.rating} />
      <blockquote className="review__text">{review.text}</blockquote>
      <figcaption className="review__author">
        {review.name}, {review.city}
      </figcaption>
    </figure>
  );
}

/** Four player reviews: auto-advancing (pausable, still under reduced motion), swipeable, with dots. */
export function ReviewCarousel({ reviews = REVIEWS }: { reviews?: readonly Review[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const swipeStartX = useRef<number | null>(null);
  const count = reviews.length;

  const go = (next: number) => setIndex(((next % count) + count) % count);

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), REVIEW_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [index, paused, count]);

  const onPointerDown = (e: PointerEvent) => {
    swipeStartX.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (swipeStartX.current === null) return;
    const dx = e.clientX - swipeStartX.current;
    swipeStartX.current = null;
    if (Math.abs(dx) >= SWIPE_PX) go(index + (dx < 0 ? 1 : -1));
  };

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label="Player reviews">
      <div
        className="carousel__viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStartX.current = null)}
        aria-live={paused ? 'polite' : 'off'}
      >
        <div className="carousel__track" style={{ transform: `translateX(-${index * 100}%)` }}>
          {reviews.map((review, i) => (
            <div
              key={review.name}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i !== index}
              inert={i !== index}
            >
              <ReviewCard review={review} />
            </div>
          ))}
        </div>
      </div>
      <div className="carousel__controls">
        <button
          type="button"
          className="carousel__pause"
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? 'Play reviews' : 'Pause reviews'}
        >
          <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
        </button>
        <div className="carousel__dots">
          {reviews.map((review, i) => (
            <button
              key={review.name}
              type="button"
              className={`carousel__dot${i === index ? ' carousel__dot--active' : ''}`}
              aria-label={`Show review ${i + 1} of ${count}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            >
              <span aria-hidden="true" />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
