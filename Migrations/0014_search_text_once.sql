-- The search index (docs/api.md, "Search") without the per-row sizes FTS5 keeps by default
-- (`columnsize = 0`: no query ranks by them; 10 bytes a contact), and over texts that index
-- each part of a phone once (`IndexedPhone`). Its texts change, and a contentless index forgets
-- a row only by the text it was given, so a list that holds contacts is indexed anew at its
-- next start (search_built 0 until then).
DROP TABLE contact_search;
CREATE VIRTUAL TABLE contact_search USING fts5(
    text, tokenize = 'trigram case_sensitive 1', content = '', columnsize = 0
);
UPDATE roster_meta SET value = CASE WHEN EXISTS (SELECT 1 FROM contacts) THEN 0 ELSE 1 END
    WHERE key = 'search_built';
