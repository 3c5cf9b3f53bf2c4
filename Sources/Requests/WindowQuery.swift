import Contacts
import HTTP
import Phones

/// The parameters of `GET /window`, validated strictly: only the names the contract
/// lists (docs/api.md, "Using it"), each at most once, numbers in plain decimal notation, finite and in
/// range; anything else is a 400 that names the parameter.
public struct WindowQuery: Equatable, Sendable {
    /// The names the contract lists for `/window`; any other is refused.
    public static let names: Set<String> = [
        "offset", "row", "name", "height", "overscan", "session", "ack", "q", "filter", "label", "rtt",
        "speed", "expand", "collapse",
    ]

    /// Largest window height accepted (px).
    public static let maxHeight = 20_000.0
    /// Largest prefetch margin accepted (px).
    public static let maxOverscan = 5_000.0
    /// Largest offset accepted (px): far past any list, small enough to stay exact.
    public static let maxOffset = 1e12
    /// Longest round trip accepted (ms).
    public static let maxRoundTrip = 10_000.0
    /// Largest speed accepted, either way (px/s).
    public static let maxSpeed = 1_000_000.0

    /// Top of the window (px); 0 when `row` places the window instead.
    public internal(set) var offset: Double
    /// The contact row whose top is the window's top (the contract's scroll-to-index),
    /// or nil when `offset` places it. Checked against the list's length by the handler.
    public var row: Int?
    /// Type-ahead: the window's top is the first contact whose sort name starts with
    /// this text (or where one would go), found by the handler; nil otherwise.
    public internal(set) var name: String?
    /// Height of the window (px).
    public internal(set) var height: Double
    /// Extra margin rendered above and below (px).
    public internal(set) var overscan: Double = 0
    /// The session a previous window response gave.
    public internal(set) var session: String?
    /// The `seq` of the last window the client applied.
    public internal(set) var ack: Int?
    /// The search: `q`'s folded words (docs/api.md, "Search"); empty for the whole list.
    public internal(set) var search: [String] = []
    /// `filter=favorites`: the starred contacts only.
    public internal(set) var favorites = false
    /// `label=NAME`: the contacts holding that label only (in any case), its name trimmed.
    public internal(set) var label: String?
    /// The client's round trip (ms), as it measured it: with `speed`, asks for a lookahead.
    public internal(set) var rtt: Double?
    /// The client's scroll speed (px/s, negative upwards): with `rtt`, asks for a lookahead.
    public internal(set) var speed: Double?
    /// `expand=ID` (one or more): contacts the session shows expanded from this window on.
    public internal(set) var expand: [Int] = []
    /// `collapse=ID` (one or more): expanded contacts the session shows as plain rows again.
    public internal(set) var collapse: [Int] = []

    /// The list the window is laid out on: the search, favourites and label together.
    public var filter: ListFilter { ListFilter(words: search, favorites: favorites, label: label) }

    /// Whether the client asked for a lookahead (sent `rtt` or `speed`).
    public var prefetching: Bool { rtt != nil || speed != nil }

    /// Longest `name` accepted, in characters.
    public static let maxNameLength = 64
    /// Longest `q` accepted, in characters.
    public static let maxQueryLength = 256
    /// Most words a `q` may hold.
    public static let maxQueryWords = 16
    /// Most contacts a session keeps expanded (`expand`): expanding one more collapses the one
    /// expanded longest ago.
    public static let maxExpanded = 200

    public init(
        offset: Double, row: Int? = nil, height: Double, overscan: Double = 0, session: String? = nil,
        ack: Int? = nil
    ) {
        self.offset = offset
        self.row = row
        self.height = height
        self.overscan = overscan
        self.session = session
        self.ack = ack
    }

    /// The parameters among the query's `items`, a `q` written as a phone number
    /// read in `region` (`search(_:region:)`).
    /// - Throws: `HTTPError` 400 `invalid_parameter` naming the first bad or unknown
    ///   parameter, `q` over 256 characters or 16 words included.
    public init(_ items: [(name: String, value: String)], region: PhoneRegion = .unitedStates)
        throws(HTTPError)
    {
        var offsetText: String?
        var rowText: String?
        var nameText: String?
        var qText: String?
        var heightText: String?
        var overscanText: String?
        var sessionText: String?
        var ackText: String?
        var rttText: String?
        var speedText: String?
        var filterText: String?
        var labelText: String?
        for (name, value) in items {
            switch name {
            case "offset": try Self.once(&offsetText, name, value)
            case "height": try Self.once(&heightText, name, value)
            case "overscan": try Self.once(&overscanText, name, value)
            case "session": try Self.once(&sessionText, name, value)
            case "ack": try Self.once(&ackText, name, value)
            case "row": try Self.once(&rowText, name, value)
            case "name": try Self.once(&nameText, name, value)
            case "q": try Self.once(&qText, name, value)
            case "rtt": try Self.once(&rttText, name, value)
            case "speed": try Self.once(&speedText, name, value)
            case "filter": try Self.once(&filterText, name, value)
            case "label": try Self.once(&labelText, name, value)
            case "expand": expand.append(try Self.contactID(name, value, after: expand.count))
            case "collapse": collapse.append(try Self.contactID(name, value, after: collapse.count))
            default:
                throw HTTPError(
                    400, "invalid_parameter",
                    "unknown parameter '\(name.prefix(40))': /window takes offset, row or name, height, "
                        + "overscan, session, ack, q, filter, label, rtt, speed, expand and collapse"
                )
            }
        }
        switch (offsetText, rowText, nameText) {
        case (nil, nil, nil):
            throw Self.invalid("offset", "is missing: offset=PIXELS (or row=INDEX, or name=TEXT)")
        case (let text?, nil, nil):
            offset = try Self.number("offset", text, in: 0...Self.maxOffset)
        case (nil, let text?, nil):
            guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let value = Int(text)
            else {
                throw Self.invalid(
                    "row", "must be a whole row index like 0 or 1234, not '\(text.prefix(40))'")
            }
            offset = 0
            row = value
        case (nil, nil, let text?):
            offset = 0
            name = try Self.typeAhead(text)
        case (.some, _, .some), (_, .some, .some):
            throw Self.invalid("name", "and offset or row both place the window; send one of them")
        case (.some, .some, nil):
            throw Self.invalid("row", "and offset both place the window; send one of them")
        }
        guard let heightText else {
            throw Self.invalid("height", "is missing: height=PIXELS")
        }
        height = try Self.number("height", heightText, in: 0...Self.maxHeight)
        guard height > 0 else { throw Self.invalid("height", "must be more than 0") }
        if let text = overscanText {
            overscan = try Self.number("overscan", text, in: 0...Self.maxOverscan)
        }
        if let text = rttText {
            rtt = try Self.number("rtt", text, in: 0...Self.maxRoundTrip, unit: "milliseconds")
        }
        if let text = speedText {
            speed = try Self.number(
                "speed", text, in: -Self.maxSpeed...Self.maxSpeed, unit: "pixels per second")
        }
        if let text = ackText {
            guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let value = Int(text)
            else {
                throw Self.invalid("ack", "must be the whole number `seq` of the last window applied")
            }
            ack = value
        }
        if let text = sessionText {
            guard !text.isEmpty, text.utf8.count <= 64,
                text.utf8.allSatisfy(SessionID.isIDByte)
            else {
                throw Self.invalid(
                    "session",
                    "must be the `session` string a window response gave (letters, digits, - and _)")
            }
            session = text
        }
        if let text = qText { search = try Self.search(text, region: region) }
        if let text = filterText { favorites = try ListFilter.view(text) }
        if let text = labelText { label = try ListFilter.label(text) }
    }

    /// A `name`: at most 64 characters, one of them neither white space nor NUL (the
    /// OpenAPI pattern says the same).
    public static func typeAhead(_ text: String) throws(HTTPError) -> String {
        let length = text.unicodeScalars.count
        guard length <= maxNameLength else {
            throw invalid("name", "is \(length) characters long; at most \(maxNameLength) are compared")
        }
        guard text.utf8.contains(where: { $0 != 0 && $0 != 0x20 && !(0x09...0x0D).contains($0) }) else {
            throw invalid("name", "must hold the first letters of a name, like name=smi")
        }
        return text
    }

    /// The folded words of a `q` (docs/api.md, "Search": split at everything that is not a letter
    /// or a digit; none is the whole list), or for a `q` written as a phone number that has an
    /// E.164 form in `region`, that form's digits as the one word (`SearchText.phoneQuery`).
    /// - Throws: 400 `invalid_parameter` for more than 256 characters or 16 words.
    public static func search(_ text: String, region: PhoneRegion) throws(HTTPError) -> [String] {
        // Characters are Unicode scalars, as JSON Schema's maxLength counts them.
        let length = text.unicodeScalars.count
        guard length <= maxQueryLength else {
            throw invalid("q", "is \(length) characters long; at most \(maxQueryLength) are searched")
        }
        let runs = wordRuns(text)
        guard runs <= maxQueryWords else {
            throw invalid("q", "holds \(runs) words; at most \(maxQueryWords) are searched at once")
        }
        if let digits = SearchText.phoneQuery(text, region: region) { return [digits] }
        return SearchText.words(text)
    }

    /// The words the limit counts: runs of characters other than ASCII punctuation,
    /// spaces and controls. A bound on a query's work, stated as the OpenAPI
    /// pattern states it (explicit ranges read alike by every regex engine); it
    /// counts the contract's words, except that non-ASCII punctuation joins two.
    public static func wordRuns(_ text: String) -> Int {
        var runs = 0
        var inRun = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let separator =
                value < 0x80
                && !((0x30...0x39).contains(value) || (0x41...0x5A).contains(value)
                    || (0x61...0x7A).contains(value))
            if !separator && !inRun { runs += 1 }
            inRun = !separator
        }
        return runs
    }

    /// The contact id of an `expand` or `collapse`, which may be given up to
    /// `maxExpanded` times (`given` so far).
    private static func contactID(_ name: String, _ text: String, after given: Int) throws(HTTPError) -> Int {
        guard given < Self.maxExpanded else {
            throw invalid(
                name, "is given more than \(Self.maxExpanded) times; a session expands at most that many")
        }
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let value = Int(text)
        else {
            throw invalid(name, "must be a contact id like 42, not '\(text.prefix(40))'")
        }
        return value
    }

    /// Keeps a parameter's first value; a second one is a 400.
    private static func once(_ slot: inout String?, _ name: String, _ value: String) throws(HTTPError) {
        guard slot == nil else { throw invalid(name, "is given more than once; send it once") }
        slot = value
    }

    /// A decimal number (`12`, `12.5`, `1e3`) within `range`.
    private static func number(
        _ name: String, _ text: String, in range: ClosedRange<Double>, unit: String = "pixels"
    ) throws(HTTPError) -> Double {
        guard isDecimal(text), let value = Double(text), value.isFinite else {
            throw invalid(name, "must be a number of \(unit) like 120 or 120.5, not '\(text.prefix(40))'")
        }
        guard value >= range.lowerBound else {
            throw invalid(name, "must be \(Int(range.lowerBound)) or more")
        }
        guard value <= range.upperBound else {
            throw invalid(name, "must be at most \(Int(range.upperBound))")
        }
        return value
    }

    /// `-?digits(.digits)?([eE][+-]?digits)?`: what JSON calls a number, nothing else
    /// (no `nan`, `inf`, hex, spaces or a leading `+`).
    private static func isDecimal(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Bool {
            let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            bytes = bytes.dropFirst(count)
            return count > 0
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard digits() else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") {
                bytes = bytes.dropFirst()
            }
            guard digits() else { return false }
        }
        return bytes.isEmpty
    }

    private static func invalid(_ name: String, _ problem: String) -> HTTPError {
        HTTPError(400, "invalid_parameter", "\(name) \(problem)")
    }
}
