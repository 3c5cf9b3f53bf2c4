-- The list's locale (docs/api.md, "The list's locale"), as SQLite's migration 0011 keeps it: the
-- BCP 47 tag the sort keys and sections are made in, and the stamp of how the keys were made.
-- A start whose stamp differs makes every key again; a list from before this has no row.
CREATE TABLE list_locale (
    id    integer PRIMARY KEY CHECK (id = 1),
    tag   text NOT NULL,
    stamp text NOT NULL
);
