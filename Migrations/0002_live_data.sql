-- Live data: a contact can be starred, and each carries a revision that grows with
-- every write to it (its ETag).
ALTER TABLE contacts ADD COLUMN favorite INTEGER NOT NULL DEFAULT 0 CHECK (favorite IN (0, 1));
ALTER TABLE contacts ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
