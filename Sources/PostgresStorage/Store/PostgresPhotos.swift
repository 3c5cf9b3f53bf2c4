import Contacts

/// Photos on PostgreSQL (docs/api.md, "Photos"), as SQLite keeps them (migration 0006): once
/// by digest in `photos`, read by digest on a connection of the reader's own, collected when
/// no contact and no tombstone names them. Every server reads the same photos.
public final class PostgresPhotos: PhotoReading {
    let connection: PostgresConnection

    /// Connects to the primary at `url` (a photo just uploaded is there first).
    public init(url: String) throws {
        connection = try PostgresConnection(url: url)
    }

    init(connection: PostgresConnection) {
        self.connection = connection
    }

    public func photo(_ digest: String) throws -> StoredPhoto? {
        let result = try connection.query("SELECT media_type, bytes FROM photos WHERE digest = $1", [digest])
        guard result.count > 0 else { return nil }
        return StoredPhoto(digest: digest, mediaType: result.string(0, 0), bytes: result.bytea(0, 1))
    }

    /// Keeps `photo` stamped `now` (one kept already gets the new stamp, so a collection
    /// leaves it to the write about to name it).
    func keep(_ photo: StoredPhoto, now: Int) throws {
        try connection.query(
            """
            INSERT INTO photos (digest, media_type, bytes, added_at) VALUES ($1, $2, $3::bytea, $4)
            ON CONFLICT (digest) DO UPDATE SET added_at = excluded.added_at
            """, [photo.digest, photo.mediaType, photo.bytes.byteaLiteral, String(now)])
    }

    /// Deletes the photos kept before `before` that no contact and no tombstone names, unless
    /// an import into this database holds its lock (its contacts, not committed yet, may name
    /// them). `pg_locks` lists the locks of every database on the server: an import into
    /// another list on it says nothing of this one's photos.
    static func collect(on connection: PostgresConnection, before: Int) throws {
        try connection.query(
            """
            DELETE FROM photos WHERE added_at < $1
                AND NOT EXISTS (SELECT 1 FROM contacts WHERE photo = photos.digest)
                AND NOT EXISTS (SELECT 1 FROM deleted_contacts WHERE strpos(fields, photos.digest) > 0)
                AND NOT EXISTS (
                    SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = \(PostgresImport.importLock)
                        AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))
            """, [String(before)])
    }
}

extension PostgresEditor {
    public func keepPhoto(_ photo: StoredPhoto) throws {
        try PostgresPhotos(connection: connection).keep(photo, now: clock())
    }
}
