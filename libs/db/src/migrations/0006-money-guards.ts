import { sql, type Kysely } from 'kysely';

/**
 * Bounds and separation of duties on the money paths, enforced by the database whatever the code above it does:
 * - A deposit request is ₹100–₹10,000 and a withdrawal request ₹500–₹25,000 (paise below). Checked on insert only,
 *   so a request written before this migration can still be reviewed.
 * - A player has at most 3 PENDING deposit claims at once. The insert trigger first updates the player's wallet
 *   row, which serialises concurrent claims of one player (under READ COMMITTED the next claim waits, then counts
 *   with a fresh snapshot and sees every committed claim; under REPEATABLE READ it fails to serialise instead).
 * - Only a player holds a wallet: an administrator has no money to deposit, withdraw or stake. The empty wallets
 *   start-up used to create for administrators (no transaction, no posting) are removed.
 * - Nobody reviews a transaction of their own account (a reviewer who was a player, or a second super-admin).
 * - The audit log names the beneficiary (the player whose money moved) beside the actor (the admin who acted).
 *   Rows written before this migration carry the beneficiary in metadata.userId.
 * The limits are the spec's (libs/domain constants DEPOSIT_*_PAISE, WITHDRAWAL_*_PAISE, MAX_PENDING_DEPOSITS);
 * changing one needs a new migration as well.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION transactions_guard_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      pending bigint;
    BEGIN
      IF NEW.type = 'DEPOSIT' AND (NEW.amount < 10000 OR NEW.amount > 1000000) THEN
        RAISE EXCEPTION 'deposit of % paise is outside 10000..1000000', NEW.amount
          USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_deposit_bounds';
      END IF;
      IF NEW.type = 'WITHDRAWAL' AND (NEW.amount < 50000 OR NEW.amount > 2500000) THEN
        RAISE EXCEPTION 'withdrawal of % paise is outside 50000..2500000', NEW.amount
          USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_withdrawal_bounds';
      END IF;
      IF NEW.type = 'DEPOSIT' AND NEW.status = 'PENDING' THEN
        -- Invariant: at most 3 PENDING deposits per player. The row lock serialises the player's claims.
        UPDATE wallets SET updated_at = now() WHERE id = NEW.wallet_id;
        SELECT count(*) INTO pending FROM transactions WHERE user_id = NEW.user_id AND type = 'DEPOSIT' AND status = 'PENDING';
        IF pending >= 3 THEN
          RAISE EXCEPTION 'player % already has % pending deposits', NEW.user_id, pending
            USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_pending_deposits_limit';
        END IF;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER transactions_guard_insert BEFORE INSERT ON transactions FOR EACH ROW EXECUTE FUNCTION transactions_guard_insert();
    CREATE INDEX transactions_pending_deposits_idx ON transactions (user_id) WHERE type = 'DEPOSIT' AND status = 'PENDING';

    -- Invariant: a reviewer never decides a transaction of their own account.
    ALTER TABLE transactions ADD CONSTRAINT transactions_not_self_reviewed CHECK (reviewed_by IS DISTINCT FROM user_id) NOT VALID;

    DELETE FROM wallets w USING users u
    WHERE w.user_id = u.id AND u.role <> 'user' AND w.main = 0 AND w.bonus = 0
      AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.wallet_id = w.id)
      AND NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.account IN ('user:' || u.id || ':main', 'user:' || u.id || ':bonus'));

    CREATE FUNCTION wallets_players_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND role = 'user') THEN
        RAISE EXCEPTION 'user % is not a player and holds no wallet', NEW.user_id
          USING ERRCODE = 'check_violation', CONSTRAINT = 'wallets_players_only';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER wallets_players_only BEFORE INSERT OR UPDATE OF user_id ON wallets FOR EACH ROW EXECUTE FUNCTION wallets_players_only();

    ALTER TABLE audit_log ADD COLUMN beneficiary_id uuid REFERENCES users(id);
    CREATE INDEX audit_log_beneficiary_idx ON audit_log (beneficiary_id, created_at) WHERE beneficiary_id IS NOT NULL;
  `.execute(db);
}
