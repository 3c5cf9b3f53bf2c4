-- Broad searches (README, "Search"): the search patterns many contacts hold (see
-- SearchGrams.swift), each kept as a bitmap of the ids of the contacts whose search
-- text holds it, so that a broad word is read as bits instead of walking the
-- index's long lists. Kept in step with the contacts in the same transactions as
-- contact_search. The patterns are chosen from a sample of the contacts; a list
-- migrated with contacts in it gets them chosen and built by Roster at its next
-- start (grams_built 0 until then), and they are chosen again when the list has
-- doubled since (grams_contacts: its size when they were chosen).
CREATE TABLE search_grams (
    gram    INTEGER PRIMARY KEY CHECK (gram BETWEEN 0 AND 65535),  -- the pattern's number
    pattern TEXT NOT NULL UNIQUE                                   -- as SearchText.pattern gives it
);
CREATE TABLE search_gram_bits (
    key  INTEGER PRIMARY KEY,  -- gram * 2^32 + chunk: ids chunk * 31744 ... chunk * 31744 + 31743
    bits BLOB NOT NULL         -- 3,968 bytes, 64-bit little-endian words: bit b of word w is id chunk * 31744 + 64 w + b
);
INSERT INTO roster_meta (key, value)
    SELECT 'grams_built', CASE WHEN EXISTS (SELECT 1 FROM contacts) THEN 0 ELSE 1 END;
INSERT INTO roster_meta (key, value) VALUES ('grams_contacts', 0), ('grams_version', 0);
