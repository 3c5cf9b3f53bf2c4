-- Bulk actions over a selection made at a version (docs/api.md, "Bulk actions"): contacts
-- added after the version the client saw are never included. Every write that adds
-- contacts (a new contact, an import's ids) marks the ids it made visible with the data
-- version it made, so that a bulk action leaves out the ids marked after its version. A
-- restore brings back an id the list had before, and marks nothing.
CREATE TABLE id_marks (
    version  INTEGER NOT NULL,  -- the data version that made these ids visible
    first_id INTEGER NOT NULL,
    last_id  INTEGER NOT NULL,
    PRIMARY KEY (version, first_id)
) WITHOUT ROWID;
