extension HTTPHeaders {
    /// Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 13.1.2: a `W/` tag matches
    /// its strong twin) or is `*`: the client has that representation, and a 304 will do.
    public func ifNoneMatch(names etag: String) -> Bool {
        guard let value = self["If-None-Match"] else { return false }
        return value.trimmingHTTPWhitespace() == "*"
            || value.split(separator: ",").contains { element in
                let tag = element.trimmingHTTPWhitespace()
                return tag == etag || (tag.hasPrefix("W/") && tag.dropFirst(2) == etag)
            }
    }
}
