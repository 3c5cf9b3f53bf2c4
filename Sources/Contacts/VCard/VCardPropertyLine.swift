/// One unfolded content line, `[group.]NAME[;param...]:value`, split into ranges
/// of its bytes without copying: the reader's first step for every line.
struct VCardPropertyLine {
    /// The group before the `.` (`item1` of `item1.EMAIL`), if any.
    var group: Range<Int>?
    /// The property name.
    var name: Range<Int>
    var kind: VCardPropertyName
    var parameters: VCardParameters
    /// Everything before the `:` (group, name and parameters, as written).
    var head: Range<Int>
    var value: Range<Int>

    /// The parts of `line`, or nil when it has no `:` outside double quotes (or no name).
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> VCardPropertyLine? {
        var colon = -1
        var nameEnd = -1
        var dot = -1
        var quoted = false
        var index = 0
        while index < line.count {
            let byte = line[index]
            if byte == 0x22 {
                quoted.toggle()
            } else if !quoted {
                if byte == 0x3A {
                    colon = index
                    break
                }
                if byte == 0x3B && nameEnd < 0 { nameEnd = index }
                if byte == 0x2E && nameEnd < 0 && dot < 0 { dot = index }
            }
            index += 1
        }
        guard colon >= 0 else { return nil }
        if nameEnd < 0 { nameEnd = colon }
        let name = (dot + 1)..<nameEnd
        guard !name.isEmpty else { return nil }
        return VCardPropertyLine(
            group: dot >= 0 ? 0..<dot : nil, name: name, kind: VCardPropertyName.of(line, name),
            parameters: VCardParameters.parse(line, nameEnd..<colon), head: 0..<colon,
            value: (colon + 1)..<line.count)
    }
}

/// The property names the reader maps to a card's fields (and the file's own
/// BEGIN, END, VERSION, PRODID, REV); `other` for the rest.
enum VCardPropertyName: UInt8, Sendable {
    case begin, end, version, prodid, rev
    case n, fn, nickname, org, title, email, tel, adr, url, bday, note, categories, uid, photo
    /// Apple's and Android's readings of the names, and vCard 3's `SORT-STRING`.
    case phoneticFirst, phoneticLast, sortString
    case abLabel, keptField, other

    static func of(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> VCardPropertyName {
        func word(_ text: StaticString) -> Bool { VCardBytes.equalsUpper(line, range, text) }
        switch range.count {
        case 1: return word("N") ? .n : .other
        case 2: return word("FN") ? .fn : .other
        case 3:
            if word("TEL") { return .tel }
            if word("ADR") { return .adr }
            if word("URL") { return .url }
            if word("ORG") { return .org }
            if word("UID") { return .uid }
            if word("END") { return .end }
            if word("REV") { return .rev }
            return .other
        case 4:
            if word("NOTE") { return .note }
            if word("BDAY") { return .bday }
            return .other
        case 5:
            if word("EMAIL") { return .email }
            if word("TITLE") { return .title }
            if word("PHOTO") { return .photo }
            if word("BEGIN") { return .begin }
            return .other
        case 6: return word("PRODID") ? .prodid : .other
        case 7: return word("VERSION") ? .version : .other
        case 8: return word("NICKNAME") ? .nickname : .other
        case 9: return word("X-ABLABEL") ? .abLabel : .other
        case 10: return word("CATEGORIES") ? .categories : .other
        case 11: return word("SORT-STRING") ? .sortString : .other
        case 14: return word("X-ROSTER-FIELD") ? .keptField : .other
        case 20: return word("X-PHONETIC-LAST-NAME") ? .phoneticLast : .other
        case 21: return word("X-PHONETIC-FIRST-NAME") ? .phoneticFirst : .other
        default: return .other
        }
    }
}

/// Byte comparisons the reader shares.
enum VCardBytes {
    /// ASCII uppercase of `byte`.
    @inline(__always) static func upper(_ byte: UInt8) -> UInt8 {
        byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
    }

    /// Whether `line[range]` is `word` (given in uppercase), ASCII case ignored.
    static func equalsUpper(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString)
        -> Bool
    {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let letters = word.utf8Start
        var offset = 0
        for index in range {
            if upper(line[index]) != letters[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Whether `line[range]` starts with `word` (uppercase), ASCII case ignored.
    static func hasPrefixUpper(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString)
        -> Bool
    {
        let count = word.utf8CodeUnitCount
        return range.count >= count
            && equalsUpper(line, range.lowerBound..<(range.lowerBound + count), word)
    }

    /// Whether `line[range]`, with trailing spaces and tabs ignored, is `word`.
    static func isLine(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool
    {
        var end = range.upperBound
        while end > range.lowerBound && (line[end - 1] == 0x20 || line[end - 1] == 0x09) { end -= 1 }
        return equalsUpper(line, range.lowerBound..<end, word)
    }
}
