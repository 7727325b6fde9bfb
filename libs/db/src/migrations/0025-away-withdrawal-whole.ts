import { sql, type Kysely } from 'kysely';

const BODY_BEFORE_WITHDRAWAL = sql`
      IF NEW.type = 'DEPOSIT' AND (NEW.amount < 10000 OR NEW.amount > 1000000) THEN
        RAISE EXCEPTION 'deposit of % paise is outside 10000..1000000', NEW.amount
          USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_deposit_bounds';
      END IF;
`;

const BODY_AFTER_WITHDRAWAL = sql`
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
`;

/**
 * A player on a break or self-excluded may take out a main balance below the ₹500 minimum, whole
 * (docs/breaks-and-exclusion.md, "Withdrawing while away"; `validateWithdraw` with `away`). The insert guard of
 * migration 0006 refused any withdrawal below ₹500, so such a request failed. The guard now lets one below ₹500 through
 * only when all of these hold, and still refuses anything else outside ₹500–₹25,000:
 * - it is more than zero and exactly the wallet's main balance at the insert (the request is stored before its hold
 *   is posted, under the wallet lock the service takes: the whole balance, never a part of it);
 * - the player's latest break or self-exclusion still runs (`play_breaks.lifts_at` unset or in the future, as the
 *   domain's `runningPlayBreak`).
 * The rest of the function is 0006's, unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION transactions_guard_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      pending bigint;
    BEGIN
      ${BODY_BEFORE_WITHDRAWAL}
      IF NEW.type = 'WITHDRAWAL' AND (NEW.amount < 50000 OR NEW.amount > 2500000) THEN
        -- Invariant: below ₹500 only a player away, and only their whole main balance.
        IF NOT (NEW.amount > 0 AND NEW.amount < 50000
                AND NEW.amount = (SELECT main FROM wallets WHERE id = NEW.wallet_id)
                AND EXISTS (SELECT 1 FROM (SELECT lifts_at FROM play_breaks WHERE user_id = NEW.user_id ORDER BY id DESC LIMIT 1) latest
                            WHERE latest.lifts_at IS NULL OR latest.lifts_at > now())) THEN
          RAISE EXCEPTION 'withdrawal of % paise is outside 50000..2500000', NEW.amount
            USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_withdrawal_bounds';
        END IF;
      END IF;
      ${BODY_AFTER_WITHDRAWAL}
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION transactions_guard_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      pending bigint;
    BEGIN
      ${BODY_BEFORE_WITHDRAWAL}
      IF NEW.type = 'WITHDRAWAL' AND (NEW.amount < 50000 OR NEW.amount > 2500000) THEN
        RAISE EXCEPTION 'withdrawal of % paise is outside 50000..2500000', NEW.amount
          USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_withdrawal_bounds';
      END IF;
      ${BODY_AFTER_WITHDRAWAL}
    END $$;
  `.execute(db);
}
