-- Storage for cgt game graphs.  Run once per database:
--   sqlite3 games.db < sql/cgt_schema.sql
--
-- cgt_edge: one row per move src -> dst of graph graph_id.  side is NULL for
-- a move either player may make, 'L' or 'R' for a move of Left or Right only.
-- Columns have no declared type so node ids keep their SQL type (1 and '1'
-- are different nodes).  A duplicate row is the same move and counts once.
CREATE TABLE IF NOT EXISTS cgt_edge(
  graph_id NOT NULL,
  src NOT NULL,
  dst NOT NULL,
  side TEXT CHECK (side IS NULL OR side IN ('L', 'R'))
);
-- Covering index: reading one graph is a sequential walk of the index.
CREATE INDEX IF NOT EXISTS cgt_edge_by_graph ON cgt_edge(graph_id, src, dst, side);

-- cgt_node: positions of a graph, including those without moves (terminal
-- positions that no edge reaches are known only from here).  Optional.
CREATE TABLE IF NOT EXISTS cgt_node(
  graph_id NOT NULL,
  node NOT NULL
);
CREATE INDEX IF NOT EXISTS cgt_node_by_graph ON cgt_node(graph_id, node);
