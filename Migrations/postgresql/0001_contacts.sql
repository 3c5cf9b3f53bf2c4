-- The PostgreSQL store (README, "Several servers"): the same list as the
-- SQLite file, for several Roster servers at once.
--
-- Contacts by id; the list order is (sort_key, id), which the index below keeps
-- sorted: each server reads it once at start into its in-memory order and then
-- follows `roster_changes`. `sort_key` is the same bytes as SQLite's (section byte,
-- folded sort name, 0x00, folded first name); bytea compares bytes as Roster does.
CREATE TABLE contacts (
    id         bigint PRIMARY KEY,          -- stable identity, never reused
    sort_key   bytea NOT NULL,
    first_name text NOT NULL DEFAULT '',
    last_name  text NOT NULL DEFAULT '',
    email      text NOT NULL DEFAULT '',
    phone      text NOT NULL DEFAULT '',
    company    text NOT NULL DEFAULT '',
    city       text NOT NULL DEFAULT '',
    notes      text NOT NULL DEFAULT '',
    favorite   boolean NOT NULL DEFAULT false,
    revision   bigint NOT NULL DEFAULT 0,   -- data version of its last write: its ETag
    lines      smallint NOT NULL DEFAULT 0 CHECK (lines BETWEEN 0 AND 3),  -- notes lines shown
    search     text NOT NULL DEFAULT '',    -- the searched words, folded (SearchText.document)
    CHECK (first_name <> '' OR last_name <> '')
);
CREATE INDEX contacts_order ON contacts (sort_key, id) INCLUDE (lines, revision);

-- Search (README, "Search"): the same rules as SQLite's trigram index, as LIKE
-- patterns on the folded words (see SearchText.swift), which pg_trgm's GIN index answers.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX contacts_search ON contacts USING gin (search gin_trgm_ops);

-- New contacts' ids.
CREATE SEQUENCE contact_ids AS bigint START 1 OWNED BY contacts.id;

-- `data_version` grows by one with every change to the list; a single write
-- takes this row's lock first, so writes from every server take turns and each
-- version is one change.
CREATE TABLE roster_meta (
    key   text PRIMARY KEY,
    value bigint NOT NULL
);
INSERT INTO roster_meta (key, value) VALUES ('data_version', 0);

-- One row per single-contact write, by the version it made: what other servers
-- apply to their in-memory order to follow. `old_key` is NULL for an insert,
-- `new_key` NULL for a delete. A bulk change (seed, import) writes no row: a
-- server missing a version here reads the list whole.
CREATE TABLE roster_changes (
    version bigint PRIMARY KEY,
    id      bigint NOT NULL,
    old_key bytea,
    new_key bytea,
    lines   smallint NOT NULL DEFAULT 0
);
