import { sql, type Kysely } from 'kysely';

/**
 * Money that cannot be farmed (DESIGN §2):
 *
 * - **Bonus is play money until played through.** A wallet's bonus balance (and, from now on, the winnings of stakes
 *   paid from it) carries a wagering requirement: `bonus_wagering_required` paise of settled stakes from
 *   `bonus_wagering_since`; once met, the bonus moves to main in one journal entry; unused by `bonus_expires_at`, it
 *   goes back to house:bonus. Wallets holding a bonus before this migration get the default terms (5× their bonus, 30
 *   days from now).
 * - **A referral is earned by play.** `referrals`: a referred player's first approved deposit starts a referral
 *   (`pending`); the engine grants the referrer's bonus once the player's settled stakes since then reach that
 *   deposit, and voids it if the player asks to withdraw first. One per referred player.
 * - **Deposits are played before they are withdrawn.** `transactions.play_check`: what the player had deposited,
 *   staked and withdrawn when they asked to withdraw (shown to the reviewer, flagged after little play).
 * - **Operators can suspend a player.** `users.status` gains `suspended` (with when and why); a suspended player's
 *   sessions end, their money routes and bets are refused, their balance stays.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE wallets
      ADD COLUMN bonus_wagering_required bigint NOT NULL DEFAULT 0 CHECK (bonus_wagering_required >= 0),
      ADD COLUMN bonus_wagering_since timestamptz,
      ADD COLUMN bonus_expires_at timestamptz,
      ADD CONSTRAINT wallets_wagering_dated CHECK (bonus_wagering_required = 0 OR (bonus_wagering_since IS NOT NULL AND bonus_expires_at IS NOT NULL));
    UPDATE wallets SET bonus_wagering_required = bonus * 5, bonus_wagering_since = now(), bonus_expires_at = now() + interval '30 days' WHERE bonus > 0;
    -- The engine looks at the wallets holding a bonus under a requirement (few): no scan of every wallet.
    CREATE INDEX wallets_bonus_wagering_idx ON wallets (bonus_expires_at) WHERE bonus_wagering_required > 0;

    CREATE TABLE referrals (
      referred_user_id uuid PRIMARY KEY REFERENCES users(id),
      referrer_id uuid NOT NULL REFERENCES users(id),
      deposit_transaction_id uuid NOT NULL REFERENCES transactions(id),
      -- The qualifying deposit, and the referrer's bonus when earned (the terms in force at the deposit).
      deposit_paise bigint NOT NULL CHECK (deposit_paise > 0),
      bonus_paise bigint NOT NULL CHECK (bonus_paise >= 0),
      since timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'granted', 'void')),
      decided_at timestamptz,
      reason text,
      CHECK ((status = 'pending') = (decided_at IS NULL)),
      CHECK (referrer_id <> referred_user_id)
    );
    CREATE INDEX referrals_pending_idx ON referrals (since) WHERE status = 'pending';
    -- A referral decided stays decided.
    CREATE FUNCTION referrals_decided_once() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.status <> 'pending' THEN
        RAISE EXCEPTION 'referral of % is already %', OLD.referred_user_id, OLD.status USING ERRCODE = 'check_violation';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER referrals_decided_once BEFORE UPDATE ON referrals FOR EACH ROW EXECUTE FUNCTION referrals_decided_once();

    ALTER TABLE transactions ADD COLUMN play_check jsonb;

    ALTER TABLE users
      ADD COLUMN suspended_at timestamptz,
      ADD COLUMN suspension_reason text CHECK (char_length(suspension_reason) <= 500);
    DO $$
    DECLARE c text;
    BEGIN
      FOR c IN SELECT conname FROM pg_constraint
               WHERE conrelid = 'users'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%frozen%'
      LOOP
        EXECUTE format('ALTER TABLE users DROP CONSTRAINT %I', c);
      END LOOP;
    END $$;
    ALTER TABLE users ADD CONSTRAINT users_status_check CHECK (status IN ('active', 'frozen', 'banned', 'suspended'));
    ALTER TABLE users ADD CONSTRAINT users_suspension_dated CHECK ((status = 'suspended') = (suspended_at IS NOT NULL));

    -- What settlement and refunds credit to which balance: a bet's win of its bonus-paid part goes to bonus.
    ALTER TABLE bets ADD COLUMN win_to_bonus bigint NOT NULL DEFAULT 0 CHECK (win_to_bonus >= 0 AND win_to_bonus <= win_amount);

    GRANT SELECT, INSERT, UPDATE ON referrals TO winround_api;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE bets DROP COLUMN win_to_bonus;
    ALTER TABLE users DROP CONSTRAINT users_suspension_dated, DROP CONSTRAINT users_status_check;
    ALTER TABLE users ADD CONSTRAINT users_status_check CHECK (status IN ('active', 'frozen', 'banned'));
    ALTER TABLE users DROP COLUMN suspended_at, DROP COLUMN suspension_reason;
    ALTER TABLE transactions DROP COLUMN play_check;
    DROP TABLE referrals;
    DROP FUNCTION referrals_decided_once();
    ALTER TABLE wallets DROP CONSTRAINT wallets_wagering_dated, DROP COLUMN bonus_wagering_required, DROP COLUMN bonus_wagering_since, DROP COLUMN bonus_expires_at;
  `.execute(db);
}
