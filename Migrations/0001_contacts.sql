-- Contacts by id; their place in the list is the `positions` table, rebuilt in
-- the same transaction as every change: the contacts at positions a...b are one
-- rowid range of `positions` (O(log n + k) at any depth) plus a lookup by id each.
-- Imports append contacts and rebuild positions by sorting only (sort_key, id).
CREATE TABLE contacts (
    id         INTEGER PRIMARY KEY,      -- stable identity, never reused
    sort_key   BLOB NOT NULL,            -- section byte, folded sort name, 0x00, folded first name
    first_name TEXT NOT NULL DEFAULT '',
    last_name  TEXT NOT NULL DEFAULT '',
    email      TEXT NOT NULL DEFAULT '',
    phone      TEXT NOT NULL DEFAULT '',
    company    TEXT NOT NULL DEFAULT '',
    city       TEXT NOT NULL DEFAULT '',
    notes      TEXT NOT NULL DEFAULT '',
    CHECK (first_name <> '' OR last_name <> '')
);

-- List order: position (0-based, the README's `row`) -> contact, ordered by (sort_key, id).
CREATE TABLE positions (
    position   INTEGER PRIMARY KEY,
    contact_id INTEGER NOT NULL
);

-- One row per section, empty ones included: A..Z are 0..25, '#' is 26.
CREATE TABLE sections (
    section   INTEGER PRIMARY KEY,
    title     TEXT NOT NULL UNIQUE,
    rows      INTEGER NOT NULL DEFAULT 0 CHECK (rows >= 0),
    first_row INTEGER NOT NULL DEFAULT 0 CHECK (first_row >= 0)
);
INSERT INTO sections (section, title) VALUES
    (0, 'A'), (1, 'B'), (2, 'C'), (3, 'D'), (4, 'E'), (5, 'F'), (6, 'G'), (7, 'H'), (8, 'I'),
    (9, 'J'), (10, 'K'), (11, 'L'), (12, 'M'), (13, 'N'), (14, 'O'), (15, 'P'), (16, 'Q'),
    (17, 'R'), (18, 'S'), (19, 'T'), (20, 'U'), (21, 'V'), (22, 'W'), (23, 'X'), (24, 'Y'),
    (25, 'Z'), (26, '#');

-- Counters: `data_version` grows with every change to the list (sessions then
-- start over), `next_id` is the id the next new contact gets.
CREATE TABLE roster_meta (
    key   TEXT PRIMARY KEY,
    value INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO roster_meta (key, value) VALUES ('data_version', 0), ('next_id', 1);
