import Foundation

/// Debian's python3-icu, which wraps the ICU Roster links, asked what ICU says: the oracle the
/// tests hold Roster's use of ICU against. scripts/setup installs it.
enum ICUOracle {
    /// What `script` prints as JSON when given `input` as JSON on its standard input; `script` reads
    /// `data` and sets `out`.
    static func ask(_ script: String, _ input: Any) throws -> Any {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            "-c", "import icu, json, sys\ndata = json.load(sys.stdin)\n\(script)\nprint(json.dumps(out))",
        ]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: input))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw OracleError(
                message: "python3-icu failed (scripts/setup installs python3-icu): "
                    + String(decoding: errors, as: UTF8.self))
        }
        return try JSONSerialization.jsonObject(with: output)
    }

    struct OracleError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
