import { sql, type Kysely } from 'kysely';

/**
 * Account statements and disputes keyed to the round (docs/statements.md, docs/disputes.md).
 *
 * Statements read a player's two ledger accounts in journal-entry order, a page at a time: the account index becomes
 * (account, event_seq) and carries each posting's amount and time, so a page is an index range scan from the last
 * entry shown, and the balances before a date are summed from the index alone. It replaces the (account) index (same
 * number of index writes per posting).
 *
 * Disputes. Invariants protected here:
 * - A dispute is about exactly one bet or one transaction of its player, with a text of 10–1000 characters.
 * - At most one dispute that is not closed per bet and per transaction (partial unique keys
 *   `disputes_one_active_per_bet`, `disputes_one_active_per_transaction`): of two parallel openings one is stored.
 * - The lifecycle only goes forward: open → answered → closed, or open → closed; an answered dispute has its answer,
 *   who gave it and when; a closed one who closed it and when. What the player wrote, about what, never changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX ledger_postings_account_seq_idx ON ledger_postings (account, event_seq) INCLUDE (amount, created_at);
    DROP INDEX ledger_postings_account_idx;

    CREATE TABLE disputes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id),
      subject_type text NOT NULL CHECK (subject_type IN ('bet', 'transaction')),
      bet_id uuid REFERENCES bets(id),
      transaction_id uuid REFERENCES transactions(id),
      period_id text,
      message text NOT NULL CHECK (char_length(message) BETWEEN 10 AND 1000),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
      answer text CHECK (answer IS NULL OR char_length(answer) BETWEEN 1 AND 2000),
      answered_by uuid REFERENCES users(id),
      answered_at timestamptz,
      closed_by uuid REFERENCES users(id),
      closed_at timestamptz,
      due_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT disputes_one_subject CHECK (
        (subject_type = 'bet' AND bet_id IS NOT NULL AND transaction_id IS NULL)
        OR (subject_type = 'transaction' AND transaction_id IS NOT NULL AND bet_id IS NULL AND period_id IS NULL)
      ),
      CONSTRAINT disputes_answer_whole CHECK ((answer IS NULL) = (answered_at IS NULL) AND (answer IS NULL) = (answered_by IS NULL)),
      CONSTRAINT disputes_answered_has_answer CHECK (status <> 'answered' OR answer IS NOT NULL),
      CONSTRAINT disputes_closed_whole CHECK ((status = 'closed') = (closed_at IS NOT NULL) AND (closed_at IS NULL) = (closed_by IS NULL))
    );
    -- Invariant: one dispute that is not closed per bet, and per transaction.
    CREATE UNIQUE INDEX disputes_one_active_per_bet ON disputes (bet_id) WHERE status <> 'closed' AND bet_id IS NOT NULL;
    CREATE UNIQUE INDEX disputes_one_active_per_transaction ON disputes (transaction_id) WHERE status <> 'closed' AND transaction_id IS NOT NULL;
    CREATE INDEX disputes_user_idx ON disputes (user_id, created_at DESC);
    CREATE INDEX disputes_console_idx ON disputes (status, due_at);

    CREATE FUNCTION disputes_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.user_id <> OLD.user_id OR NEW.subject_type <> OLD.subject_type OR NEW.bet_id IS DISTINCT FROM OLD.bet_id
         OR NEW.transaction_id IS DISTINCT FROM OLD.transaction_id OR NEW.period_id IS DISTINCT FROM OLD.period_id
         OR NEW.message <> OLD.message OR NEW.due_at <> OLD.due_at OR NEW.created_at <> OLD.created_at THEN
        RAISE EXCEPTION 'dispute % facts are immutable', OLD.id USING ERRCODE = 'insufficient_privilege';
      END IF;
      IF OLD.answer IS NOT NULL AND NEW.answer IS DISTINCT FROM OLD.answer THEN
        RAISE EXCEPTION 'dispute % was answered already', OLD.id USING ERRCODE = 'check_violation';
      END IF;
      IF OLD.status = 'closed' OR (OLD.status = 'answered' AND NEW.status = 'open') THEN
        RAISE EXCEPTION 'dispute % cannot go from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = 'check_violation';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER disputes_forward_only BEFORE UPDATE ON disputes FOR EACH ROW EXECUTE FUNCTION disputes_forward_only();
    CREATE TRIGGER disputes_never_deleted BEFORE DELETE ON disputes FOR EACH ROW EXECUTE FUNCTION forbid_change();

    GRANT SELECT, INSERT, UPDATE ON disputes TO winround_api;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE disputes;
    DROP FUNCTION disputes_forward_only();
    CREATE INDEX ledger_postings_account_idx ON ledger_postings (account);
    DROP INDEX ledger_postings_account_seq_idx;
  `.execute(db);
}
