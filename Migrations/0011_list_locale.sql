-- The list's locale (docs/api.md, "The list's locale"): the BCP 47 tag its order and sections
-- are made in, and the stamp of how its sort keys were made (the locale, ICU's version and the
-- keys' format). A start whose stamp differs makes every key again before it serves; a list
-- from before this migration has no row, so its first start does (its keys were folded
-- A-Z keys, not ICU's).
CREATE TABLE list_locale (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    tag   TEXT NOT NULL,
    stamp TEXT NOT NULL
);
