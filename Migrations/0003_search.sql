-- Search (README, "Search"): one FTS5 table, the trigram tokenizer over each
-- contact's searched words folded (case, accents) and preceded by two spaces, plus
-- its phone's digits (see SearchText.swift). Contentless: the text follows from
-- the contact, so it is not stored twice; a change deletes the old text by value.
-- Folding needs the application, so a list migrated with contacts in it is indexed
-- by Roster at its next start (search_built 0 until then).
CREATE VIRTUAL TABLE contact_search USING fts5(text, tokenize = 'trigram case_sensitive 1', content = '');
INSERT INTO roster_meta (key, value)
    SELECT 'search_built', CASE WHEN EXISTS (SELECT 1 FROM contacts) THEN 0 ELSE 1 END;
