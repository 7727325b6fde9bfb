import { PAGE_TEXT } from '../texts';

/** What a section's evidence proves, and what it does not, side by side. */
export function Proves({ proves, doesNotProve }: { proves: string; doesNotProve: string }) {
  return (
    <dl className="fair-proves">
      <div className="fair-proves__yes">
        <dt>{PAGE_TEXT.proves}</dt>
        <dd>{proves}</dd>
      </div>
      <div className="fair-proves__no">
        <dt>{PAGE_TEXT.doesNotProve}</dt>
        <dd>{doesNotProve}</dd>
      </div>
    </dl>
  );
}
