/// A content line's parameters, read in one pass over its bytes: vCard 2.1's
/// bare ones (`TEL;CELL;PREF`, `;QUOTED-PRINTABLE`), `TYPE=a,b`, repeated and
/// quoted TYPE (`TYPE="voice,cell"`), `PREF=1`, `ENCODING`, `CHARSET`, `VALUE`,
/// Apple's `X-APPLE-OMIT-YEAR`, `SORT-AS` (vCard 4's readings of N's components), and
/// `X-NAME` (the name of a property kept by the writer under `X-ROSTER-FIELD`). Names and
/// values are ASCII case-insensitive.
struct VCardParameters {
    enum Encoding: Sendable { case plain, quotedPrintable, base64 }

    /// The well-known labels among the TYPE values (`VCardLabels` bits).
    var labels: UInt8 = 0
    /// The first TYPE value that is neither a well-known label nor one of the
    /// values that are no label (`INTERNET`, `VOICE`, `pref`, ...), as written.
    var customType: Range<Int>?
    /// 1 (most preferred) to 100; 101 when neither `PREF` nor `TYPE=pref` is given.
    var preference = 101
    var encoding = Encoding.plain
    /// The `CHARSET=` value, if any.
    var charset: Range<Int>?
    var valueIsURI = false
    var valueIsText = false
    var omitsYear = false
    /// The `X-NAME=` value, quotes removed.
    var keptName: Range<Int>?
    /// The `SORT-AS=` value, quotes removed (on N: the readings of the last and first names,
    /// comma-separated).
    var sortAs: Range<Int>?
    /// `ENCODING=QUOTED-PRINTABLE` and `CHARSET=` parameters with their `;`: the
    /// reader decodes the value, so a property kept in `other` is named without them.
    var decodingParameters: [Range<Int>] = []

    static func parse(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> VCardParameters {
        var parameters = VCardParameters()
        var start = range.lowerBound
        while start < range.upperBound {
            // `start` is at a `;`.
            var end = start + 1
            var quoted = false
            while end < range.upperBound {
                let byte = line[end]
                if byte == 0x22 { quoted.toggle() } else if byte == 0x3B && !quoted { break }
                end += 1
            }
            parameters.take(line, start..<end)
            start = end
        }
        return parameters
    }

    /// One parameter, `;` included.
    private mutating func take(_ line: UnsafeBufferPointer<UInt8>, _ whole: Range<Int>) {
        let body = (whole.lowerBound + 1)..<whole.upperBound
        guard let equals = body.first(where: { line[$0] == 0x3D }) else {
            bare(line, body, whole)
            return
        }
        let key = body.lowerBound..<equals
        let value = unquoted(line, (equals + 1)..<body.upperBound)
        func keyIs(_ word: StaticString) -> Bool { VCardBytes.equalsUpper(line, key, word) }
        if keyIs("TYPE") {
            var itemStart = value.lowerBound
            for index in value.lowerBound...value.upperBound
            where index == value.upperBound || line[index] == 0x2C {
                typeValue(line, unquoted(line, itemStart..<index))
                itemStart = index + 1
            }
        } else if keyIs("PREF") {
            var number = 0
            for index in value {
                let byte = line[index]
                guard byte >= 0x30 && byte <= 0x39 else { break }
                number = min(number * 10 + Int(byte - 0x30), 100)
            }
            preference = min(preference, max(number, 1))
        } else if keyIs("ENCODING") {
            if encodingValue(line, value) == .quotedPrintable { decodingParameters.append(whole) }
        } else if keyIs("CHARSET") {
            charset = value
            decodingParameters.append(whole)
        } else if keyIs("VALUE") {
            if VCardBytes.equalsUpper(line, value, "URI") || VCardBytes.equalsUpper(line, value, "URL") {
                valueIsURI = true
            } else if VCardBytes.equalsUpper(line, value, "TEXT") {
                valueIsText = true
            }
        } else if keyIs("X-APPLE-OMIT-YEAR") {
            omitsYear = true
        } else if keyIs("X-NAME") {
            keptName = value
        } else if keyIs("SORT-AS") {
            sortAs = value
        }
    }

    /// A 2.1 parameter without `=`: an encoding, `PREF`, or a TYPE value.
    private mutating func bare(_ line: UnsafeBufferPointer<UInt8>, _ body: Range<Int>, _ whole: Range<Int>) {
        switch encodingValue(line, body) {
        case .quotedPrintable: decodingParameters.append(whole)
        case .base64, .plain: break
        case nil: typeValue(line, body)
        }
    }

    /// Sets `encoding` when `value` names one; nil when it does not.
    private mutating func encodingValue(_ line: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) -> Encoding?
    {
        func valueIs(_ word: StaticString) -> Bool { VCardBytes.equalsUpper(line, value, word) }
        if valueIs("QUOTED-PRINTABLE") {
            encoding = .quotedPrintable
            return .quotedPrintable
        }
        if valueIs("B") || valueIs("BASE64") {
            encoding = .base64
            return .base64
        }
        return valueIs("8BIT") || valueIs("7BIT") ? .plain : nil
    }

    private mutating func typeValue(_ line: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) {
        guard !value.isEmpty else { return }
        switch VCardLabels.typeValue(line, value) {
        case .label(let bit): labels |= bit
        case .preferred: preference = min(preference, 1)
        case .none: break
        case .custom: if customType == nil { customType = value }
        }
    }

    private func unquoted(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var range = range
        if let first = range.first, line[first] == 0x22 { range = (first + 1)..<range.upperBound }
        if let last = range.last, line[last] == 0x22 { range = range.lowerBound..<last }
        return range
    }
}
