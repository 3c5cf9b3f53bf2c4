-- Self-sizing rows (README: a contact is 56 px plus 20 px per line of notes it
-- shows, 0 to 3). The lines a contact's notes show (see NoteLines.swift) sit
-- beside its place in the order, so that the order read at start is the height
-- index too. Wrapping words needs the application, so a list migrated with notes
-- in it gets its lines counted by Roster at its next start (lines_built 0 until then).
ALTER TABLE contact_order ADD COLUMN lines INTEGER NOT NULL DEFAULT 0 CHECK (lines BETWEEN 0 AND 3);
INSERT INTO roster_meta (key, value)
    SELECT 'lines_built', CASE WHEN EXISTS (SELECT 1 FROM contacts WHERE notes <> '') THEN 0 ELSE 1 END;
