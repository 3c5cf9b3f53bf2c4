-- The list order saved whole (README, "Command line"), so that a start reads a few
-- blobs instead of every row of contact_order: written by the seed, by imports and
-- when the server stops after writes, for the data version it was saved at
-- (order_saved_version); a start whose list is at another version reads
-- contact_order as before.
CREATE TABLE saved_order (
    part    INTEGER PRIMARY KEY,  -- 0, 1, ...: 65,536 entries each, in list order
    entries BLOB NOT NULL         -- per entry its id (4 bytes, little-endian), then its notes lines (1 byte)
);
INSERT INTO roster_meta (key, value) VALUES ('order_saved_version', -1);
