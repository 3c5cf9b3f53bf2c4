-- What the sqlite3 tool does to load the same contacts as Roster's seed and imports,
-- the anchor both are timed against: .import of the CSV, the same sort index, and
-- the same search index (a contentless FTS5 trigram table over each contact's
-- searched words, two spaces before each, then the phone's digits after a '#').
-- SQL folds case but not accents: the text is the same length, not the same bytes.
-- {csv} is replaced by the CSV file's path.
PRAGMA journal_mode=WAL;
CREATE TABLE contacts(first_name TEXT, last_name TEXT, email TEXT, phone TEXT, company TEXT, city TEXT, notes TEXT, favorite TEXT);
.mode csv
.import --skip 1 {csv} contacts
CREATE INDEX contacts_sort ON contacts(last_name COLLATE NOCASE, first_name COLLATE NOCASE);
CREATE VIRTUAL TABLE contact_search USING fts5(text, tokenize = 'trigram case_sensitive 1', content = '');
INSERT INTO contact_search (rowid, text)
SELECT rowid,
    '  ' || replace(replace(replace(lower(first_name), '-', '  '), '''', '  '), '.', '')
    || '  ' || replace(replace(replace(lower(last_name), '-', '  '), '''', '  '), ' ', '  ')
    || '  ' || replace(replace(lower(company), ' ', '  '), '.', '')
    || '  ' || replace(lower(city), ' ', '  ')
    || '  ' || replace(replace(lower(email), '@', '  '), '.', '  ')
    || '  ' || trim(replace(replace(replace(replace(phone, '(', ''), ')', ''), '-', '  '), '+', ''))
    || '  #' || replace(replace(replace(replace(replace(phone, '(', ''), ')', ''), '-', ''), '+', ''), ' ', '')
FROM contacts;
