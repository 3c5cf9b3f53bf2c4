import Foundation

/// A Python program run by Debian's /usr/bin/python3 as a test oracle (python3-icu, python3-pil):
/// `input` goes in as JSON on its standard input, and what it prints is read back as JSON.
public enum PythonOracle {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// What `program` prints as JSON, given `input` as JSON on its standard input; a failure
    /// names `package` (which scripts/setup installs) and what Python said.
    public static func run(_ program: String, input: Any, package: String) throws -> Any {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", program]
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
            throw Failure(
                description: "\(package) failed (scripts/setup installs \(package)): "
                    + String(decoding: errors, as: UTF8.self))
        }
        return try JSONSerialization.jsonObject(with: output)
    }
}
