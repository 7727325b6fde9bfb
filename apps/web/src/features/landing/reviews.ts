export interface Review {
  name: string;
  city: string;
  /** 4 or 5 stars (SPEC 1). */
  rating: 4 | 5;
  text: string;
}

/** The four static reviews of the landing page. */
export const REVIEWS: readonly Review[] = [
  {
    name: 'Rohit S.',
    city: 'Pune',
    rating: 5,
    text: 'Rounds are quick and the result shows the moment the timer hits zero. Clean screen, no clutter.',
  },
  {
    name: 'Ananya K.',
    city: 'Bengaluru',
    rating: 4,
    text: 'Paid with PhonePe, entered the UTR and the deposit was approved the same afternoon.',
  },
  {
    name: 'Imran P.',
    city: 'Lucknow',
    rating: 5,
    text: 'I like that every result can be checked against the published seed. It feels straight.',
  },
  {
    name: 'Meera J.',
    city: 'Jaipur',
    rating: 4,
    text: 'Works well on my phone. My withdrawal to the bank arrived in about three hours.',
  },
];
