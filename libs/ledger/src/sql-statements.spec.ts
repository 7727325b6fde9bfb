import { describeSqlSnapshots } from '@app/db/testing';
import { ledgerSqlStatements } from './sql-statements.js';

describeSqlSnapshots('ledger', ledgerSqlStatements);
