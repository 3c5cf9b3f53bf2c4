#if canImport(Glibc)
    import Glibc
#endif

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) for Date and Last-Modified,
/// formatted by hand: no formatter, no locale.
public enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// The date of `seconds` since 1970 (UTC).
    public static func format(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}

/// The current Date header value, formatted at most once a second per thread.
final class DateCache {
    private var second = -1
    private var value: [UInt8] = []

    /// `Date: ...\r\n` for now.
    func headerLine() -> [UInt8] {
        let now = time(nil)
        if now != second {
            second = now
            value = Array("Date: \(HTTPDate.format(now))\r\n".utf8)
        }
        return value
    }
}
