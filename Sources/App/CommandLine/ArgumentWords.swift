/// The words of a command line, read front to back by the parser.
struct ArgumentWords {
    private var words: [String]
    private var position = 0
    /// A value given as `--flag=value`, waiting for `value(of:)`.
    private var inlineValue: String?

    init(_ words: [String]) { self.words = words }

    var isAtEnd: Bool { position >= words.count }
    var peek: String? { isAtEnd ? nil : words[position] }

    func contains(where predicate: (String) -> Bool) -> Bool {
        words[position...].contains(where: predicate)
    }

    @discardableResult
    mutating func next() -> String? {
        defer { position += 1 }
        return peek
    }

    /// The next flag (`--name`), or nil at the end or before a positional word.
    mutating func nextFlag() throws(UsageError) -> String? {
        if let pending = inlineValue {
            throw UsageError("unexpected value '\(pending)'")
        }
        guard let word = peek, word.hasPrefix("--") else { return nil }
        position += 1
        if let equals = word.firstIndex(of: "=") {
            inlineValue = String(word[word.index(after: equals)...])
            return String(word[..<equals])
        }
        return word
    }

    mutating func value(of flag: String) throws(UsageError) -> String {
        if let pending = inlineValue {
            inlineValue = nil
            return pending
        }
        guard let word = peek, !word.hasPrefix("--") else {
            throw UsageError("\(flag) needs a value")
        }
        position += 1
        return word
    }

    mutating func integer(of flag: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        let text = try value(of: flag)
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "\(flag) '\(text)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(of flag: String) throws(UsageError) -> T
    where T.RawValue == String {
        let text = try value(of: flag)
        guard let choice = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("\(flag) '\(text)' is not one of \(names)")
        }
        return choice
    }

    func expectEnd(command: String) throws(UsageError) {
        if let word = peek {
            throw UsageError("\(command): unexpected argument '\(word)'")
        }
    }
}
