-- Bulk actions over a selection made at a version (docs/api.md, "Bulk actions"), as in the
-- SQLite file: the ids each write that adds contacts made visible, with its data version,
-- so that a bulk action leaves out the ids marked after the version its client saw.
CREATE TABLE id_marks (
    version  bigint NOT NULL,
    first_id bigint NOT NULL,
    last_id  bigint NOT NULL,
    PRIMARY KEY (version, first_id)
);
