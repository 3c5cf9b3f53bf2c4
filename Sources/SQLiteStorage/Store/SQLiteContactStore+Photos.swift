import Contacts

/// Photos (docs/api.md, "Photos"): kept once by digest in `photos` (migration 0013), read by
/// digest, collected when no contact and no tombstone names them.
extension SQLiteContactStore: PhotoReading {
    public func photo(_ digest: String) throws -> StoredPhoto? {
        try watch?.check()
        return try database.withStatement("SELECT media_type, bytes FROM photos WHERE digest = :digest") {
            statement in
            statement.bind(digest, to: ":digest")
            guard try statement.step() else { return nil }
            return StoredPhoto(
                digest: digest, mediaType: statement.string(at: 0), bytes: statement.blob(at: 1))
        }
    }

    /// Keeps `photo` (stamped `now`: one kept already gets the new stamp, so a collection
    /// leaves it to the write about to name it), in the caller's transaction.
    func keepPhoto(_ photo: StoredPhoto, now: Int) throws {
        try database.run(
            """
            INSERT INTO photos (digest, media_type, bytes, added_at) VALUES (:digest, :type, :bytes, :at)
            ON CONFLICT (digest) DO UPDATE SET added_at = excluded.added_at
            """
        ) { statement in
            statement.bind(photo.digest, to: ":digest")
            statement.bind(photo.mediaType, to: ":type")
            statement.bind(blob: photo.bytes, to: ":bytes")
            statement.bind(now, to: ":at")
        }
    }

    /// Deletes the photos kept before `before` that no contact and no tombstone names, unless
    /// an import is under way (its contacts, staged apart, may name them); in the caller's
    /// transaction. A scan of `photos` with one index probe each: a writer's purge runs it at
    /// most once a minute.
    func collectPhotos(before: Int) throws {
        try database.run(
            """
            DELETE FROM photos WHERE added_at < :before
                AND NOT EXISTS (SELECT 1 FROM contacts WHERE photo = photos.digest)
                AND NOT EXISTS (SELECT 1 FROM deleted_contacts WHERE instr(fields, photos.digest) > 0)
                AND NOT EXISTS (SELECT 1 FROM import_ranges WHERE owner <> 0)
            """
        ) { $0.bind(before, to: ":before") }
    }
}

extension SQLiteContactEditor {
    public func keepPhoto(_ photo: StoredPhoto) throws {
        try store.watch?.check()
        let database = store.database
        try database.turns.waitingWrite { try database.begin(.write) }
        do {
            try store.keepPhoto(photo, now: clock())
            try database.commit()
        } catch {
            try? database.rollback()
            throw error
        }
    }
}

extension SQLiteImport {
    func keepPhoto(_ photo: StoredPhoto) throws {
        try slices.open()
        try store.keepPhoto(photo, now: ContactEdit.wallClock())
    }
}
