-- Photos (docs/api.md, "Photos"), as SQLite's migration 0012 keeps them: each once, its
-- original bytes under their SHA-256 digest; a contact names its photo in `photo` ('' none);
-- `added_at` is when it was last kept (seconds since 1970, by the writing server's clock): a
-- photo no contact and no tombstone names is collected by a writer's purge once it is older
-- than the undo time. Every server reads the same photos; each keeps its own thumbnails.
CREATE TABLE photos (
    digest     text PRIMARY KEY,
    media_type text NOT NULL,
    bytes      bytea NOT NULL,
    added_at   bigint NOT NULL
);
ALTER TABLE contacts ADD COLUMN photo text NOT NULL DEFAULT '';
CREATE INDEX contacts_photos ON contacts (photo) WHERE photo <> '';
