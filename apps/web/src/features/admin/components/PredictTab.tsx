/**
 * Predict tab (SPEC 2: a placeholder). Deliberately offers no way to influence a result: every result comes from
 * the pre-committed provably-fair hash chain (DESIGN 3) and no screen, call or role can choose or change one.
 */
export function PredictTab() {
  return (
    <section className="admin-section" aria-labelledby="admin-predict-title">
      <h2 id="admin-predict-title">Predict</h2>
      <div className="admin-note">
        <p>
          Round results are drawn from a pre-committed, provably-fair hash chain. Nobody — administrators included — can
          choose, predict or change a result.
        </p>
        <p className="muted small">Anyone can verify any finished period from its revealed seed.</p>
      </div>
    </section>
  );
}
