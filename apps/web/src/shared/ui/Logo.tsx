import { useId } from 'react';
import { COLOR_HEX } from '@app/domain';
import { PRODUCT_NAME } from '../constants';

/** The round logo mark: a gold-rimmed disc of the three game colours with a white W. */
export function LogoMark({ size = 32 }: { size?: number }) {
  // Several logos may share a page: each needs its own clip path id, safe inside url(#…).
  const clipId = `logo-disc-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="logo-mark">
      <defs>
        <clipPath id={clipId}>
          <circle cx="32" cy="32" r="27" />
        </clipPath>
      </defs>
      <circle cx="32" cy="32" r="31" fill="#fbbf24" />
      <g clipPath={`url(#${clipId})`}>
        <rect x="0" y="0" width="23" height="64" fill={COLOR_HEX.red} />
        <rect x="23" y="0" width="18" height="64" fill={COLOR_HEX.green} />
        <rect x="41" y="0" width="23" height="64" fill={COLOR_HEX.violet} />
      </g>
      <path
        d="M15 21 L24 45 L32 29 L40 45 L49 21"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      {/* i18n-literal-ok: the product's name is the same in every language */}
      <span className="logo__text">{PRODUCT_NAME}</span>
    </span>
  );
}
