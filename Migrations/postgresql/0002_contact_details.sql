-- Contacts as address books hold them (README, "Contacts in and out"): every value
-- of an imported card beyond the list's fields is kept in `details`, a JSON object
-- ('' none; ContactDetails.swift). A contact with no name is a contact when it has a
-- company or an e-mail.
ALTER TABLE contacts ADD COLUMN details text NOT NULL DEFAULT '';
ALTER TABLE contacts DROP CONSTRAINT contacts_check;
ALTER TABLE contacts ADD CONSTRAINT contacts_listed_by CHECK (first_name <> '' OR last_name <> '' OR company <> '' OR email <> '');
