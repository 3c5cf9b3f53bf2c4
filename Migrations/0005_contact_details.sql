-- Contacts as address books hold them (README, "Contacts in and out"): every value
-- of an imported card beyond the list's fields is kept in `details`, a JSON object
-- ('' none; ContactDetails.swift). A contact with no name is a contact when it has a
-- company or an e-mail, so the name CHECK goes: SQLite drops a CHECK only by making
-- the table anew, which keeps every id and value (the order, sections and search
-- index refer to contacts by id and stay as they are).
CREATE TABLE contacts_with_details (
    id         INTEGER PRIMARY KEY,      -- stable identity, never reused
    first_name TEXT NOT NULL DEFAULT '',
    last_name  TEXT NOT NULL DEFAULT '',
    email      TEXT NOT NULL DEFAULT '',
    phone      TEXT NOT NULL DEFAULT '',
    company    TEXT NOT NULL DEFAULT '',
    city       TEXT NOT NULL DEFAULT '',
    notes      TEXT NOT NULL DEFAULT '',
    favorite   INTEGER NOT NULL DEFAULT 0 CHECK (favorite IN (0, 1)),
    details    TEXT NOT NULL DEFAULT '',
    revision   INTEGER NOT NULL DEFAULT 0,
    CHECK (first_name <> '' OR last_name <> '' OR company <> '' OR email <> '')
);
INSERT INTO contacts_with_details (id, first_name, last_name, email, phone, company, city, notes, favorite, revision)
    SELECT id, first_name, last_name, email, phone, company, city, notes, favorite, revision FROM contacts;
DROP TABLE contacts;
ALTER TABLE contacts_with_details RENAME TO contacts;
