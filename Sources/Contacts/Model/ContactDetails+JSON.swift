import Foundation

/// A contact's details as the JSON object of its `details` field: written by hand
/// (an import writes one per contact), keys in one fixed order, empty values left
/// out, so that the same details are always the same text; read strictly (an
/// unknown key or a value of the wrong type is an error naming it).
///
/// ```
/// {"prefix": "Dr.", "middle_name": "K.", "suffix": "", "nickname": "Pri", "title": "Head of Research",
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
            ("nickname", \.nickname),
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
    public var json: String {
        if isEmpty { return "" }
        var out = JSONText()
        for (key, path) in Self.textKeys where !self[keyPath: path].isEmpty {
            out.key(key)
            out.string(self[keyPath: path])
        }
        for (key, path) in Self.labeledKeys where !self[keyPath: path].isEmpty {
            out.key(key)
            out.array(self[keyPath: path]) { out, item in
                out.object { out in
                    out.key("label")
                    out.string(item.label)
                    out.key("value")
                    out.string(item.value)
                }
            }
        }
        if !addresses.isEmpty {
            out.key("addresses")
            out.array(addresses) { out, address in
                out.object { out in
                    for (key, path) in Self.addressKeys {
                        out.key(key)
                        out.string(address[keyPath: path])
                    }
                }
            }
        }
        if !uid.isEmpty {
            out.key("uid")
            out.string(uid)
        }
        if let photo {
            out.key("photo")
            out.object { out in
                switch photo {
                case .data(let type, let bytes):
                    out.key("type")
                    out.string(type)
                    out.key("data")
                    out.string(Data(bytes).base64EncodedString())
                case .url(let url):
                    out.key("url")
                    out.string(url)
                }
            }
        }
        if !other.isEmpty {
            out.key("other")
            out.array(other) { out, property in
                out.object { out in
                    out.key("name")
                    out.string(property.name)
                    out.key("value")
                    out.string(property.value)
                }
            }
        }
        return out.finished()
    }

    /// The details of a JSON object's text ("" is none).
    /// - Throws: `ContactDetails.Invalid` naming the key that is wrong.
    public init(json text: String) throws(Invalid) {
        self.init()
        if text.isEmpty { return }
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else {
            throw Invalid(key: "details", problem: "is not a JSON object")
        }
        try self.init(object: object)
    }

    /// The details of a parsed JSON value (`JSONSerialization`'s), checked key by key.
    public init(object: Any) throws(Invalid) {
        self.init()
        guard let dictionary = object as? [String: Any] else {
            throw Invalid(key: "details", problem: "must be a JSON object")
        }
        if let unknown = dictionary.keys.sorted().first(where: { !Self.jsonKeys.contains($0) }) {
            throw Invalid(
                key: unknown,
                problem: "is not a detail (known: \(Self.jsonKeys.sorted().joined(separator: ", ")))")
        }
        for (key, path) in Self.textKeys { self[keyPath: path] = try Self.string(dictionary[key], key) }
        for (key, path) in Self.labeledKeys {
            self[keyPath: path] = try Self.objects(dictionary[key], key).map { item throws(Invalid) in
                try Self.only(item, ["label", "value"], key)
                return ContactCard.Labeled(
                    try Self.string(item["value"], "\(key).value"),
                    label: try Self.string(item["label"], "\(key).label"))
            }
        }
        addresses = try Self.objects(dictionary["addresses"], "addresses").map { item throws(Invalid) in
            try Self.only(item, Self.addressKeys.map(\.0), "addresses")
            var address = ContactCard.Address()
            for (key, path) in Self.addressKeys {
                address[keyPath: path] = try Self.string(item[key], "addresses.\(key)")
            }
            return address
        }
        guard dictionary["categories"] == nil || dictionary["categories"] is [String] else {
            throw Invalid(key: "categories", problem: "must be a list of names")
        }
        categories = dictionary["categories"] as? [String] ?? []
        uid = try Self.string(dictionary["uid"], "uid")
        if let value = dictionary["photo"] {
            guard let photo = value as? [String: Any] else {
                throw Invalid(key: "photo", problem: "must be an object")
            }
            if let url = photo["url"] as? String, photo.count == 1 {
                self.photo = .url(url)
            } else if photo.count == 2, let type = photo["type"] as? String,
                let data = photo["data"] as? String,
                let bytes = Data(base64Encoded: data)
            {
                self.photo = .data(mediaType: type, bytes: Array(bytes))
            } else {
                throw Invalid(
                    key: "photo", problem: "must be {\"url\": ...} or {\"type\": ..., \"data\": base64}")
            }
        }
        other = try Self.objects(dictionary["other"], "other").map { item throws(Invalid) in
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

    private static func string(_ value: Any?, _ key: String) throws(Invalid) -> String {
        guard let value else { return "" }
        guard let text = value as? String else { throw Invalid(key: key, problem: "must be text") }
        return text
    }

    private static func objects(_ value: Any?, _ key: String) throws(Invalid) -> [[String: Any]] {
        guard let value else { return [] }
        guard let list = value as? [[String: Any]] else {
            throw Invalid(key: key, problem: "must be a list of objects")
        }
        return list
    }

    private static func only(_ item: [String: Any], _ keys: [String], _ key: String) throws(Invalid) {
        if let extra = item.keys.first(where: { !keys.contains($0) }) {
            throw Invalid(
                key: "\(key).\(extra)", problem: "is not known (an item has \(keys.joined(separator: ", ")))")
        }
    }
}

/// A JSON object written as text, keys in the order given (the details' JSON, and a
/// contact's fields as its history keeps them).
struct JSONText {
    private var text = "{"
    private var first = [true]

    mutating func key(_ key: String) {
        separate()
        quoted(key)
        text += ":"
        first[first.count - 1] = true  // the value follows the key without a comma
    }

    mutating func string(_ value: String) {
        separate()
        quoted(value)
    }

    mutating func bool(_ value: Bool) {
        separate()
        text += value ? "true" : "false"
    }

    private mutating func quoted(_ value: String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{2028}": text += "\\u2028"
            case "\u{2029}": text += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    text +=
                        "\\u00" + String(scalar.value >> 4, radix: 16) + String(scalar.value & 0xF, radix: 16)
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }

    mutating func object(_ body: (inout JSONText) -> Void) {
        separate()
        text += "{"
        first.append(true)
        body(&self)
        first.removeLast()
        text += "}"
    }

    mutating func array<T>(_ items: [T], _ body: (inout JSONText, T) -> Void) {
        separate()
        text += "["
        first.append(true)
        for item in items { body(&self, item) }
        first.removeLast()
        text += "]"
    }

    /// A comma before anything but the first member (or a key's value).
    private mutating func separate() {
        if first[first.count - 1] {
            first[first.count - 1] = false
        } else {
            text += ","
        }
    }

    mutating func finished() -> String {
        text + "}"
    }
}
