-- A contact's history and its undo (README, "Merging an older revision's write" and
-- "Undo"), as in the SQLite file: the fields of a contact's last 10 revisions
-- before its current one, and deleted contacts for 10 minutes with every field (one
-- JSON object of every field by name, ContactFields+Stored.swift), purged by the
-- writes after that (at most once a minute, a scan of this small table: no index
-- beside it), their history with them.
CREATE TABLE contact_revisions (
    id       bigint NOT NULL,
    revision bigint NOT NULL,
    fields   text NOT NULL,
    PRIMARY KEY (id, revision)
);
CREATE TABLE deleted_contacts (
    id         bigint PRIMARY KEY,
    revision   bigint NOT NULL,
    deleted_at bigint NOT NULL,  -- seconds since 1970, by the writing server's clock
    fields     text NOT NULL
);
