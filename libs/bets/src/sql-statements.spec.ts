import { describeSqlSnapshots } from '@app/db/testing';
import { betsSqlStatements } from './sql-statements.js';

describeSqlSnapshots('bets', betsSqlStatements);
