-- Labels (README, "Labels"): the groups a contact is in, as a field of its own,
-- one name a line (ContactLabels.swift), as SQLite keeps them. `label_keys` is
-- the names lowercased as an array, which the GIN index answers `label=` from
-- (`label_keys @> ARRAY[lower(name)]`: both sides lowered by the same server);
-- `contacts_favorites` holds the starred contacts' ids alone (`filter=favorites`).
ALTER TABLE contacts ADD COLUMN labels text NOT NULL DEFAULT '';
ALTER TABLE contacts ADD COLUMN label_keys text[]
    GENERATED ALWAYS AS (string_to_array(lower(labels), E'\n')) STORED;
CREATE INDEX contacts_labels ON contacts USING gin (label_keys);
CREATE INDEX contacts_favorites ON contacts (id) WHERE favorite;

-- Labels were kept as `details.categories` before: moved into `labels`, trimmed,
-- control characters as spaces, repeats (in any case) dropped, the first kept.
UPDATE contacts SET
    labels = coalesce((
        SELECT string_agg(name, E'\n' ORDER BY n) FROM (
            SELECT DISTINCT ON (lower(name)) name, n FROM (
                SELECT btrim(regexp_replace(v, '[[:cntrl:]]', ' ', 'g')) AS name, n
                FROM jsonb_array_elements_text(details::jsonb -> 'categories') WITH ORDINALITY AS e(v, n)
            ) AS cleaned
            WHERE name <> ''
            ORDER BY lower(name), n
        ) AS kept), ''),
    details = CASE
        WHEN details::jsonb - 'categories' = '{}'::jsonb THEN ''
        ELSE (details::jsonb - 'categories')::text
    END
WHERE details <> '' AND jsonb_typeof(details::jsonb -> 'categories') = 'array';
