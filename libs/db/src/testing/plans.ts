import { sql, type Kysely, type RawBuilder } from 'kysely';

/** A node of a plan as `EXPLAIN (ANALYZE, FORMAT JSON)` gives it (the fields the specs read). */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** Runs `query` under `EXPLAIN ANALYZE` and returns every node of its plan, the top one first. */
export async function executedPlan(db: Kysely<any>, query: RawBuilder<unknown>): Promise<PlanNode[]> {
  const { rows } = await sql<{
    'QUERY PLAN': Array<{ Plan: PlanNode }>;
  }>`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`.execute(db);
  return nodes(rows[0]!['QUERY PLAN'][0]!.Plan);
}
