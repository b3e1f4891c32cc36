import { sql, type Column, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * `column = any(array(subquery))`: the subquery's values made once (an InitPlan), then the rows found by the
 * column's index. Use it instead of `column in (subquery)` (drizzle's `inArray(column, subquery)`), which the planner
 * may run as a semi-join that repeats the subquery for every row of the outer table (PGlite, with no statistics, and
 * PostgreSQL on a small table alike: a `limit`ed subquery is not flattened), or, inside an `or`, as a filter over
 * every row an index finds for the other terms (ADR 0061, ADR 0066). The same rows: a value the subquery gives more
 * than once matches once either way. The subquery must give one column.
 */
export function anyOf(column: Column, subquery: SQLWrapper): SQL {
  return sql`${column} = any(array(${subquery}))`;
}
