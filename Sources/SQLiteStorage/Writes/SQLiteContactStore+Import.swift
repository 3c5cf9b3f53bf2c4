import Contacts

extension SQLiteContactStore: ImportTarget {
    public func beginImport(mode: ImportMode) throws -> any ImportWriting {
        try SQLiteImport(store: self, mode: mode)
    }
}

extension SQLiteImport: ImportWriting {}
