import { describeSqlSnapshots } from '@app/db/testing';
import { roundEngineSqlStatements } from './sql-statements.js';

describeSqlSnapshots('round-engine', roundEngineSqlStatements);
