import Foundation

/// Debian's python3-phonenumbers (Python's port of libphonenumber, run by
/// /usr/bin/python3) as the oracle of the Phones module: the same numbers read,
/// checked and formatted by the same rules, written apart from the C++ library.
struct PhoneOracle {
    /// What the oracle says of one typed number.
    struct Answer: Decodable, Equatable {
        /// The E.164 form, nil when not a possible number.
        var e164: String?
        /// NATIONAL and INTERNATIONAL formats of `e164`.
        var national: String?
        var international: String?
        /// The display form for each reader region asked, in order.
        var display: [String?]
    }

    /// Why the oracle could not answer.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    static let python = "/usr/bin/python3"

    /// The script: one JSON array of [text, region] in, one of answers out.
    static let script = """
        import json, sys
        try:
            import phonenumbers as p
        except ImportError:
            sys.stderr.write("python3-phonenumbers is missing\\n")
            sys.exit(3)
        F = p.PhoneNumberFormat
        request = json.load(sys.stdin)
        readers = request["readers"]
        out = []
        for text, region in request["numbers"]:
            answer = {"e164": None, "national": None, "international": None, "display": [None] * len(readers)}
            try:
                number = p.parse(text, region)
            except p.NumberParseException:
                out.append(answer)
                continue
            if p.is_possible_number_with_reason(number) != p.ValidationResult.IS_POSSIBLE:
                out.append(answer)
                continue
            e164 = p.format_number(number, F.E164)
            number = p.parse(e164, None)
            answer["e164"] = e164
            answer["national"] = p.format_number(number, F.NATIONAL)
            answer["international"] = p.format_number(number, F.INTERNATIONAL)
            own = p.region_code_for_number(number) or "ZZ"
            for index, reader in enumerate(readers):
                home = own == reader or (own == "ZZ" and number.country_code == p.country_code_for_region(reader))
                answer["display"][index] = p.format_number(number, F.NATIONAL if home else F.INTERNATIONAL)
            out.append(answer)
        json.dump(out, sys.stdout)
        """

    /// The oracle's answers for `numbers` (text, region), displays for `readers`.
    /// - Throws: `Unavailable` saying how to install what is missing.
    static func answers(_ numbers: [(String, String)], readers: [String]) throws -> [Answer] {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw Unavailable(
                description: "\(python) is missing: the phone tests compare with python3-phonenumbers "
                    + "(scripts/setup installs it: apt-get install python3-phonenumbers)")
        }
        let request: [String: Any] = ["numbers": numbers.map { [$0.0, $0.1] }, "readers": readers]
        let input = try JSONSerialization.data(withJSONObject: request)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 3 {
            throw Unavailable(
                description: "python3-phonenumbers is missing: the phone tests compare with it "
                    + "(scripts/setup installs it: apt-get install python3-phonenumbers)")
        }
        guard process.terminationStatus == 0 else {
            throw Unavailable(
                description: "the oracle failed (\(process.terminationStatus)): "
                    + String(decoding: errors, as: UTF8.self))
        }
        return try JSONDecoder().decode([Answer].self, from: output)
    }
}
