-- Live data. A contact can be starred, and carries a revision: the data version
-- of its last write (its ETag).
--
-- The list order is no longer stored by position: `positions` made every write
-- rewrite the whole list. The order is the index below, (sort_key, id) in list
-- order; the server keeps row numbers in memory (an order-statistic tree built
-- from this index at start) and updates them per write in O(log n).
ALTER TABLE contacts ADD COLUMN favorite INTEGER NOT NULL DEFAULT 0 CHECK (favorite IN (0, 1));
ALTER TABLE contacts ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
DROP TABLE positions;
CREATE INDEX contacts_order ON contacts(sort_key);
