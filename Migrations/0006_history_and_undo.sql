-- A contact's history and its undo (README, "Merging an older revision's write" and
-- "Undo"). Before an update, the contact's fields at the revision it leaves are kept
-- in `contact_revisions` (its last 10: a write naming one of them with
-- `Prefer: merge` is merged into the contact as it is now). A deleted contact is kept
-- in `deleted_contacts` with every field, its star included, for 10 minutes, so
-- that `POST /contacts/{id}/restore` can bring it back with its id; the writes after
-- that purge it (at most once a minute: a scan of this small table, so a delete
-- writes no index beside it), and its history with it. `fields` is one JSON object of every
-- field by name (ContactFields+Stored.swift), so a field added later needs no
-- column here.
CREATE TABLE contact_revisions (
    id       INTEGER NOT NULL,  -- the contact's id
    revision INTEGER NOT NULL,  -- the data version of the write that made these fields
    fields   TEXT NOT NULL,
    PRIMARY KEY (id, revision)
) WITHOUT ROWID;
CREATE TABLE deleted_contacts (
    id         INTEGER PRIMARY KEY,  -- the contact's id (never reused)
    revision   INTEGER NOT NULL,     -- its revision when deleted
    deleted_at INTEGER NOT NULL,     -- seconds since 1970
    fields     TEXT NOT NULL
);
