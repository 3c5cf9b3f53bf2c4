-- Labels (README, "Labels"): the groups a contact is in, as a field of its own.
-- `labels` holds the names one a line (ContactLabels.swift); `contact_labels`
-- holds a row per label of a contact, keyed by the label's key (its name
-- lowercased), so that a label's contacts are one range of its primary key and
-- `GET /labels` counts them by key. `contacts_favorites` holds the starred
-- contacts' ids alone, so that `filter=favorites` reads them without the table.
--
-- Labels were kept as `details.categories` before: the first start after this
-- migration moves them into `labels` and `contact_labels` (ContactStore+Labels.swift,
-- `labels_built`), in Swift, which folds and trims the names as writes do.
ALTER TABLE contacts ADD COLUMN labels TEXT NOT NULL DEFAULT '';
CREATE TABLE contact_labels (
    label_key  TEXT NOT NULL,     -- the name lowercased (ContactLabels.key)
    contact_id INTEGER NOT NULL,
    name       TEXT NOT NULL,     -- the name as the contact spells it
    PRIMARY KEY (label_key, contact_id)
) WITHOUT ROWID;
CREATE INDEX contacts_favorites ON contacts (id) WHERE favorite = 1;
INSERT INTO roster_meta (key, value) VALUES ('labels_built', 0);
