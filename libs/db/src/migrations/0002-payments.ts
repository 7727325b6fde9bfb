import { sql, type Kysely } from 'kysely';

/**
 * Payments (deposits, withdrawals, admin review, referral bonus). Invariants protected here:
 * - `clearing:payouts` is a ledger account: withdrawals paid out leave `clearing:withdrawals` for it, so
 *   `clearing:withdrawals` always equals the sum of PENDING withdrawals (reconciliation checks it).
 * - A reviewed transaction never moves again: status leaves PENDING at most once, and the money facts of a row
 *   (owner, wallet, type, amount, UTR, transaction id) never change after insert.
 * - A referred player's first approved deposit pays the referrer at most once (unique `referred_user_id`).
 * - A withdrawal carries the payout details of its method.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_account_check;
    ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_account_check CHECK (
      account ~ '^(user:[0-9a-f-]{36}:(main|bonus)|house:(stakes|pnl|gst|bonus)|clearing:(deposits|withdrawals|payouts))$'
    );

    -- The referred player whose first approved deposit this referral BONUS rewards.
    ALTER TABLE transactions ADD COLUMN referred_user_id uuid REFERENCES users(id);
    ALTER TABLE transactions ADD CONSTRAINT transactions_referral_is_bonus CHECK (referred_user_id IS NULL OR type = 'BONUS');
    CREATE UNIQUE INDEX transactions_referral_once ON transactions (referred_user_id) WHERE referred_user_id IS NOT NULL;

    ALTER TABLE transactions ADD CONSTRAINT transactions_withdrawal_details CHECK (
      type <> 'WITHDRAWAL'
      OR (method = 'UPI' AND upi_id IS NOT NULL)
      OR (method = 'BANK_TRANSFER' AND bank_account_number IS NOT NULL AND bank_ifsc IS NOT NULL AND bank_holder_name IS NOT NULL)
    );

    CREATE FUNCTION transactions_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.transaction_id IS DISTINCT FROM OLD.transaction_id OR NEW.user_id IS DISTINCT FROM OLD.user_id
         OR NEW.wallet_id IS DISTINCT FROM OLD.wallet_id OR NEW.type IS DISTINCT FROM OLD.type
         OR NEW.amount IS DISTINCT FROM OLD.amount OR NEW.utr_number IS DISTINCT FROM OLD.utr_number
         OR NEW.referred_user_id IS DISTINCT FROM OLD.referred_user_id THEN
        RAISE EXCEPTION 'transaction % money facts are immutable', OLD.transaction_id USING ERRCODE = 'insufficient_privilege';
      END IF;
      IF OLD.status <> 'PENDING' AND NEW.status IS DISTINCT FROM OLD.status THEN
        RAISE EXCEPTION 'transaction % is already %', OLD.transaction_id, OLD.status USING ERRCODE = 'check_violation';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER transactions_guard_update BEFORE UPDATE ON transactions FOR EACH ROW EXECUTE FUNCTION transactions_guard_update();

    -- Admin review lists filter by type and status over a date range, or by type alone (status ALL).
    CREATE INDEX transactions_type_created_idx ON transactions (type, created_at DESC);
  `.execute(db);
}
