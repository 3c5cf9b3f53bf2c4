-- Live data. A contact can be starred, and carries a revision: the data version
-- of its last write (its ETag).
--
-- The list order is no longer stored by position: `positions` made every write
-- rewrite the whole list. The order is `contact_order`, (sort_key, id) pairs
-- kept sorted by their primary key; the server keeps row numbers in memory (an
-- order-statistic tree built from this table at start) and updates them per
-- write in O(log n). The sort key is stored there only: it follows from the
-- names, so `contacts` no longer carries a copy.
ALTER TABLE contacts ADD COLUMN favorite INTEGER NOT NULL DEFAULT 0 CHECK (favorite IN (0, 1));
ALTER TABLE contacts ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
CREATE TABLE contact_order (
    sort_key BLOB NOT NULL,     -- section byte, folded sort name, 0x00, folded first name
    id       INTEGER NOT NULL,  -- the contact's id
    PRIMARY KEY (sort_key, id)
) WITHOUT ROWID;
INSERT INTO contact_order (sort_key, id) SELECT sort_key, id FROM contacts ORDER BY sort_key, id;
ALTER TABLE contacts DROP COLUMN sort_key;
DROP TABLE positions;
