extension HTTPHeaders {
    /// Whether the `Accept` fields admit `mediaType` (`type/subtype`, lowercase),
    /// as RFC 9110 12.5.1 reads them: the most specific range that matches it
    /// (`type/subtype`, then `type/*`, then `*/*`) decides, and `q=0` refuses. No
    /// `Accept` field, or an empty one, admits anything.
    /// - Complexity: O(n) in the length of the fields.
    public func accepts(_ mediaType: String) -> Bool {
        let ranges = tokens("Accept")
        guard !ranges.isEmpty else { return true }
        let type = mediaType.prefix { $0 != "/" }
        var best: (specificity: Int, weight: Double)?
        for element in ranges {
            let parts = element.split(separator: ";").map { $0.trimmingHTTPWhitespace() }
            guard let range = parts.first else { continue }
            let specificity: Int
            if range == mediaType {
                specificity = 3
            } else if range == "\(type)/*" {
                specificity = 2
            } else if range == "*/*" {
                specificity = 1
            } else {
                continue
            }
            guard specificity > best?.specificity ?? 0 else { continue }
            best = (specificity, Self.weight(parts.dropFirst()))
        }
        return (best?.weight ?? 0) > 0
    }

    /// The `q` parameter among `parameters` (1 when absent or unreadable).
    private static func weight(_ parameters: ArraySlice<String>) -> Double {
        for parameter in parameters {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingHTTPWhitespace() }
            if pair.count == 2, pair[0] == "q" { return Double(pair[1]) ?? 1 }
        }
        return 1
    }
}
