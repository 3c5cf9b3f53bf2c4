import Codecs
import Foundation

/// A contact's details as the JSON object of its `details` field: written by
/// `JSONWriter` straight onto bytes (an import writes one per contact), keys in
/// one fixed order, empty values left out, so that the same details are always
/// the same text; read by `JSONReader`, strictly (an unknown key or a value of the
/// wrong type is an error naming it).
///
/// ```
/// {"prefix": "Dr.", "middle_name": "K.", "suffix": "", "nickname": "Pri",
///  "phonetic_first_name": "はなこ", "phonetic_last_name": "さとう", "title": "Head of Research",
///  "department": "R&D", "birthday": "1987-09-14", "email_label": "work", "phone_label": "mobile",
///  "emails": [{"label": "home", "value": "..."}], "phones": [...], "urls": [...],
///  "addresses": [{"label": "work", "po_box": "", "extended": "", "street": "12 Tanner St", (city: the field),
///                 "region": "", "postcode": "SE1 3LD", "country": "United Kingdom"}],
///  "uid": "...", "photo": {"type": "image/jpeg", "data": "<base64>"} or {"url": "..."},
///  "other": [{"name": "X-SKYPE", "value": "..."}]}
/// ```
extension ContactDetails {
    /// The text keys, in the order they are written (`uid` is written after the lists).
    static var textKeys: [(String, WritableKeyPath<ContactDetails, String>)] {
        [
            ("prefix", \.prefix), ("middle_name", \.middleName), ("suffix", \.suffix),
            ("nickname", \.nickname), ("phonetic_first_name", \.phoneticFirstName),
            ("phonetic_last_name", \.phoneticLastName),
            ("title", \.title), ("department", \.department), ("birthday", \.birthday),
            ("email_label", \.emailLabel), ("phone_label", \.phoneLabel),
        ]
    }
    private static var labeledKeys: [(String, WritableKeyPath<ContactDetails, [ContactCard.Labeled]>)] {
        [("emails", \.emails), ("phones", \.phones), ("urls", \.urls)]
    }
    private static var addressKeys: [(String, WritableKeyPath<ContactCard.Address, String>)] {
        [
            ("label", \.label), ("po_box", \.poBox), ("extended", \.extended), ("street", \.street),
            (ContactField.city.name, \.city), ("region", \.region), ("postcode", \.postcode),
            ("country", \.country),
        ]
    }

    /// Every key the object may hold.
    public static let jsonKeys: Set<String> = Set(
        textKeys.map(\.0) + labeledKeys.map(\.0) + ["addresses", "categories", "uid", "photo", "other"])

    /// The JSON object, or "" when there is nothing (what the field stores).
    public var json: String { json(phoneForms: nil) }

    /// The JSON object as `json` writes it, each item of `phones` also holding the
    /// members `phoneForms` writes for its value (the contact JSON's `e164` and
    /// `display`, docs/api.md, "Phone numbers"), which a write ignores.
    public func json(phoneForms: ((String, inout JSONWriter) -> Void)?) -> String {
        if isEmpty { return "" }
        var out = JSONWriter(strings: .jsonKeepingDelete)
        out.object { out in
            for (key, path) in Self.textKeys where !self[keyPath: path].isEmpty {
                out.key(escaping: key)
                out.string(self[keyPath: path])
            }
            for (key, path) in Self.labeledKeys where !self[keyPath: path].isEmpty {
                out.key(escaping: key)
                let forms = path == \.phones ? phoneForms : nil
                out.objects(self[keyPath: path]) { out, item in
                    out.field("label", item.label)
                    out.field("value", item.value)
                    forms?(item.value, &out)
                }
            }
            if !addresses.isEmpty {
                out.key("addresses")
                out.objects(addresses) { out, address in
                    for (key, path) in Self.addressKeys {
                        out.key(escaping: key)
                        out.string(address[keyPath: path])
                    }
                }
            }
            if !uid.isEmpty { out.field("uid", uid) }
            if let photo {
                out.key("photo")
                out.object { out in
                    switch photo {
                    case .data(let type, let bytes):
                        out.field("type", type)
                        out.field("data", Data(bytes).base64EncodedString())
                    case .url(let url):
                        out.field("url", url)
                    }
                }
            }
            if !other.isEmpty {
                out.key("other")
                out.objects(other) { out, property in
                    out.field("name", property.name)
                    out.field("value", property.value)
                }
            }
        }
        return out.text
    }

    /// The details of a JSON object's text ("" is none), read by `JSONReader`:
    /// strictly, as RFC 8259 has it (no trailing comma, no name twice).
    /// - Throws: `ContactDetails.Invalid` naming the key that is wrong.
    public init(json text: String) throws(Invalid) {
        self.init()
        if text.isEmpty { return }
        switch Result(catching: { () throws(JSONError) in try JSONReader.read(text) }) {
        case .success(let value) where value.isContainer: try self.init(json: value)
        // A lone string, number or literal is no details text at all, as a text
        // that does not read.
        case .success, .failure: throw Invalid(key: "details", problem: "is not a JSON object")
        }
    }

    /// The details of a JSON value already read (a write's body), checked key by
    /// key in one fixed order, so that the first wrong key is always the same one.
    public init(json value: JSONValue) throws(Invalid) {
        self.init()
        guard case .object(let members) = value else {
            throw Invalid(key: "details", problem: "must be a JSON object")
        }
        if let unknown = members.lazy.map(\.key).filter({ !Self.jsonKeys.contains($0) }).min() {
            throw Invalid(
                key: unknown,
                problem: "is not a detail (known: \(Self.jsonKeys.sorted().joined(separator: ", ")))")
        }
        for (key, path) in Self.textKeys { self[keyPath: path] = try Self.string(value[key], key) }
        for (key, path) in Self.labeledKeys {
            self[keyPath: path] = try Self.objects(value[key], key).map { item throws(Invalid) in
                // A phone's E.164 and display forms are the server's, read from its value.
                try Self.only(
                    item, path == \.phones ? ["label", "value", "e164", "display"] : ["label", "value"], key)
                if path == \.phones {
                    // Ignored, but only when they are what a read gives: text or null.
                    for form in ["e164", "display"] where item[form] != .null {
                        _ = try Self.string(item[form], "\(key).\(form)")
                    }
                }
                return ContactCard.Labeled(
                    try Self.string(item["value"], "\(key).value"),
                    label: try Self.string(item["label"], "\(key).label"))
            }
        }
        addresses = try Self.objects(value["addresses"], "addresses").map { item throws(Invalid) in
            try Self.only(item, Self.addressKeys.map(\.0), "addresses")
            var address = ContactCard.Address()
            for (key, path) in Self.addressKeys {
                address[keyPath: path] = try Self.string(item[key], "addresses.\(key)")
            }
            return address
        }
        categories = try Self.names(value["categories"])
        uid = try Self.string(value["uid"], "uid")
        if let photo = value["photo"] { self.photo = try Self.photo(photo) }
        other = try Self.objects(value["other"], "other").map { item throws(Invalid) in
            try Self.only(item, ["name", "value"], "other")
            return ContactCard.Property(
                name: try Self.string(item["name"], "other.name"),
                value: try Self.string(item["value"], "other.value"))
        }
    }

    /// A key of the details that is wrong, and how.
    public struct Invalid: Error, Equatable, Sendable {
        public let key: String
        public let problem: String
    }

    private static func string(_ value: JSONValue?, _ key: String) throws(Invalid) -> String {
        switch value {
        case nil: return ""
        case .string(let text)?: return text
        case _?: throw Invalid(key: key, problem: "must be text")
        }
    }

    /// A list of objects (each an `.object`), or none when `value` is missing.
    private static func objects(_ value: JSONValue?, _ key: String) throws(Invalid) -> [JSONValue] {
        guard let value else { return [] }
        guard case .array(let items) = value, items.allSatisfy(\.isObject) else {
            throw Invalid(key: key, problem: "must be a list of objects")
        }
        return items
    }

    private static func only(_ item: JSONValue, _ keys: [String], _ key: String) throws(Invalid) {
        guard case .object(let members) = item else { return }
        if let extra = members.first(where: { !keys.contains($0.key) }) {
            throw Invalid(
                key: "\(key).\(extra.key)",
                problem: "is not known (an item has \(keys.joined(separator: ", ")))")
        }
    }

    /// `categories`: a list of names, or none when missing.
    private static func names(_ value: JSONValue?) throws(Invalid) -> [String] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            throw Invalid(key: "categories", problem: "must be a list of names")
        }
        return try items.map { item throws(Invalid) in
            guard case .string(let name) = item else {
                throw Invalid(key: "categories", problem: "must be a list of names")
            }
            return name
        }
    }

    /// `{"url": ...}` or `{"type": ..., "data": base64}`.
    private static func photo(_ value: JSONValue) throws(Invalid) -> ContactCard.Photo {
        guard case .object(let members) = value else {
            throw Invalid(key: "photo", problem: "must be an object")
        }
        if members.count == 1, case .string(let url)? = value["url"] {
            return .url(url)
        }
        if members.count == 2, case .string(let type)? = value["type"],
            case .string(let data)? = value["data"], let bytes = Data(base64Encoded: data)
        {
            return .data(mediaType: type, bytes: Array(bytes))
        }
        throw Invalid(
            key: "photo", problem: "must be {\"url\": ...} or {\"type\": ..., \"data\": base64}")
    }
}

extension JSONValue {
    /// True for an object or an array: a JSON text of the details' kind, if not
    /// necessarily the right one.
    fileprivate var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }

    fileprivate var isObject: Bool {
        if case .object = self { true } else { false }
    }
}
