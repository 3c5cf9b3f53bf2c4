-- Photos (docs/api.md, "Photos"): each kept once, its original bytes under their SHA-256
-- digest (64 hex digits); a contact names its photo by that digest in `photo` ('' none), a
-- column of its own so that a window's read of a row gets it without reading `details`.
-- `added_at` (seconds since 1970) is when it was last kept: a photo no contact and no
-- tombstone names is collected by a writer's purge once it is older than the undo time.
CREATE TABLE photos (
    digest     TEXT PRIMARY KEY,
    media_type TEXT NOT NULL,
    bytes      BLOB NOT NULL,
    added_at   INTEGER NOT NULL
);
ALTER TABLE contacts ADD COLUMN photo TEXT NOT NULL DEFAULT '';
CREATE INDEX contacts_photos ON contacts (photo) WHERE photo <> '';
