import { sql, type Kysely } from 'kysely';

/**
 * A UTR belongs to whoever paid it (DESIGN §2 "Deposits"). Until now `transactions.utr_number` was UNIQUE over every
 * claim ever made, so whoever typed a UTR first owned the payment, even after the admin rejected that claim.
 * Invariants protected here:
 * - A UTR is held by at most one PENDING or COMPLETED deposit (partial unique index `transactions_utr_held`); a
 *   rejected (FAILED) claim releases it. A decided claim never returns to PENDING (0002's update guard), so a
 *   released UTR stays released.
 * - A claim refused because another player's claim held its UTR is recorded in `utr_contests`, beside the claim that
 *   held it, for the reviewer; one row per contester, holding claim, amount and payer (a repeat counts `attempts`).
 *   A contest moves no money and is not a journal event.
 * - A deposit records its payer (`transactions.payer`): the UPI ID the money came from or the account holder's name,
 *   as the player gave it (null: a client older than the field). Like the UTR it never changes after the claim.
 * The existing "at most 3 PENDING claims" trigger (0006) and the UTR's shape CHECK (0001) are unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE transactions DROP CONSTRAINT transactions_utr_number_key;
    -- Invariant: one holder per UTR among the claims waiting for review or approved; a rejected claim releases it.
    CREATE UNIQUE INDEX transactions_utr_held ON transactions (utr_number) WHERE status IN ('PENDING', 'COMPLETED');
    -- The reviewer's history of a UTR: every claim, whatever became of it.
    CREATE INDEX transactions_utr_idx ON transactions (utr_number) WHERE utr_number IS NOT NULL;

    ALTER TABLE transactions ADD COLUMN payer text;
    ALTER TABLE transactions ADD CONSTRAINT transactions_payer_of_deposit
      CHECK (payer IS NULL OR (type = 'DEPOSIT' AND char_length(payer) BETWEEN 3 AND 256));
    CREATE FUNCTION transactions_payer_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.payer IS DISTINCT FROM OLD.payer THEN
        RAISE EXCEPTION 'transaction % money facts are immutable', OLD.transaction_id USING ERRCODE = 'insufficient_privilege';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER transactions_payer_immutable BEFORE UPDATE OF payer ON transactions
      FOR EACH ROW EXECUTE FUNCTION transactions_payer_immutable();

    CREATE TABLE utr_contests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      utr_number text NOT NULL CHECK (utr_number ~ '^[A-Z0-9]{12,22}$'),
      user_id uuid NOT NULL REFERENCES users(id),
      wallet_id uuid NOT NULL REFERENCES wallets(id),
      -- The claim that held the UTR when this one was refused.
      held_by uuid NOT NULL REFERENCES transactions(id),
      amount bigint NOT NULL CHECK (amount BETWEEN 10000 AND 1000000),
      payer text CHECK (char_length(payer) BETWEEN 3 AND 256),
      upi_app text,
      attempts integer NOT NULL DEFAULT 1 CHECK (attempts >= 1),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_attempt_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT utr_contests_once UNIQUE NULLS NOT DISTINCT (held_by, user_id, amount, payer)
    );
    CREATE INDEX utr_contests_utr_idx ON utr_contests (utr_number);

    GRANT SELECT, INSERT, UPDATE ON utr_contests TO winround_api;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE utr_contests;
    DROP TRIGGER transactions_payer_immutable ON transactions;
    DROP FUNCTION transactions_payer_immutable();
    ALTER TABLE transactions DROP CONSTRAINT transactions_payer_of_deposit, DROP COLUMN payer;
    DROP INDEX transactions_utr_idx;
    DROP INDEX transactions_utr_held;
    ALTER TABLE transactions ADD CONSTRAINT transactions_utr_number_key UNIQUE (utr_number);
  `.execute(db);
}
