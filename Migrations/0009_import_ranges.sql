-- Imports that single writes never wait for (README, "POST /import"): an import
-- writes in short transactions, single writes go in between, and its contacts
-- stay invisible until one last short transaction shows them all. Until then
-- their ids are listed here, and readers leave out every contact whose id is in
-- a range (the list order read at start, the export). The same ranges hold, with
-- owner 0, the contacts a `replace` import took out of the list and a cleanup
-- has yet to delete. A range whose import died (its process is gone) is cleaned
-- up by the next Roster that opens the file, with the search texts its staging
-- file beside this one kept; nothing of it was ever visible.
CREATE TABLE import_ranges (
    first_id INTEGER PRIMARY KEY,   -- the range's first id
    last_id  INTEGER NOT NULL,      -- and its last
    owner    INTEGER NOT NULL,      -- the import's token (0: contacts left to delete)
    pid      INTEGER NOT NULL,      -- the process that runs that import (0 for none)
    indexed  INTEGER NOT NULL DEFAULT 0,  -- ids up to this one are in the search index
    CHECK (last_id >= first_id)
);
