import Contacts

extension ContactStore: ImportTarget {
    public func beginImport(mode: ImportMode) throws -> any ImportWriting {
        try ContactImport(store: self, mode: mode)
    }
}

extension ContactImport: ImportWriting {}
