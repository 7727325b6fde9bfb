import { describeSqlSnapshots } from '@app/db/testing';
import { apiSqlStatements } from './sql-statements.js';

describeSqlSnapshots('api', apiSqlStatements);
