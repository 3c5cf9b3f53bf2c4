/// The three-way merge of a write made to an older revision of a contact
/// (docs/api.md, "Merging an older revision's write"): `base` is the contact as the writer read
/// it, `theirs` as it is now, `mine` the base with the write's changes, which name
/// the fields it changes.
///
/// A field the write leaves as it was in the base takes theirs; one only the write
/// changed takes mine; one both changed alike is that value; one both changed
/// differently is a conflict, and the merge gives none of it. The details merge key
/// by key (`ContactDetails.parts`): a nickname set here and a title set there are
/// no conflict.
public enum ContactMerge {
    /// A field (or a key of the details) both sides changed differently: the value
    /// at the base, the write's and the one now. A detail's values are details
    /// objects holding only that key (`ContactDetails.json`, "" when it is empty).
    public struct Conflict: Equatable, Sendable {
        public let field: ContactField
        /// The key of the details, for `details`.
        public let key: String?
        public let base: ContactValue
        public let yours: ContactValue
        public let theirs: ContactValue
    }

    /// The fields the merge gives, or the conflicts that keep it from giving any.
    public static func merge(
        base: ContactFields, mine: ContactFields, changing changed: some Sequence<ContactField>,
        theirs: ContactFields
    ) -> Result<ContactFields, Conflicts> {
        var merged = theirs
        var conflicts: [Conflict] = []
        for field in Set(changed).sorted(by: { $0.rawValue < $1.rawValue }) where mine[field] != base[field] {
            if field.spec.isDocument, base[field] != theirs[field] {
                switch mergedDetails(base: base.details, mine: mine.details, theirs: theirs.details) {
                case .success(let details): merged.details = details
                case .failure(let failed): conflicts += failed.conflicts
                }
                continue
            }
            if theirs[field] != base[field] && theirs[field] != mine[field] {
                conflicts.append(
                    Conflict(
                        field: field, key: nil, base: base[field], yours: mine[field], theirs: theirs[field]))
            }
            merged[field] = mine[field]
        }
        return conflicts.isEmpty ? .success(merged) : .failure(Conflicts(conflicts: conflicts))
    }

    /// The conflicts of a merge: its error.
    public struct Conflicts: Error, Equatable, Sendable {
        public let conflicts: [Conflict]
    }

    /// The details of three details objects' texts, merged key by key.
    private static func mergedDetails(base: String, mine: String, theirs: String) -> Result<String, Conflicts>
    {
        // Stored and written details are read and written in their one form already.
        let (was, wanted, now) = (
            (try? ContactDetails(json: base)) ?? ContactDetails(),
            (try? ContactDetails(json: mine)) ?? ContactDetails(),
            (try? ContactDetails(json: theirs)) ?? ContactDetails()
        )
        var merged = now
        var conflicts: [Conflict] = []
        for part in ContactDetails.parts where !part.same(wanted, was) {
            if !part.same(now, was) && !part.same(now, wanted) {
                let only = { (details: ContactDetails) -> ContactValue in
                    var alone = ContactDetails()
                    part.copy(&alone, details)
                    return .text(alone.json)
                }
                conflicts.append(
                    Conflict(
                        field: .details, key: part.key, base: only(was), yours: only(wanted),
                        theirs: only(now)))
            }
            part.copy(&merged, wanted)
        }
        return conflicts.isEmpty ? .success(merged.json) : .failure(Conflicts(conflicts: conflicts))
    }
}

extension ContactDetails {
    /// One key of the details object, taken on its own: its name, whether two details
    /// hold it alike, and how to copy it from one to another.
    public struct Part {
        public let key: String
        public let same: (ContactDetails, ContactDetails) -> Bool
        public let copy: (inout ContactDetails, ContactDetails) -> Void
    }

    /// Every key of the object (`jsonKeys`), as a part.
    public static var parts: [Part] {
        func part<T: Equatable>(_ key: String, _ path: WritableKeyPath<ContactDetails, T>) -> Part {
            Part(
                key: key, same: { $0[keyPath: path] == $1[keyPath: path] },
                copy: { $0[keyPath: path] = $1[keyPath: path] })
        }
        return textKeys.map { part($0.0, $0.1) } + [
            part("emails", \.emails), part("phones", \.phones), part("urls", \.urls),
            part("addresses", \.addresses), part("uid", \.uid),
            part("photo", \.photo), part("other", \.other),
        ]
    }
}
