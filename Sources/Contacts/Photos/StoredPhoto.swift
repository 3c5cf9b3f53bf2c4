import Codecs

/// A contact's photo as the store keeps it (docs/api.md, "Photos"): its original bytes, once,
/// under their SHA-256 digest, which every contact showing it names (`ContactFields.photo`).
public struct StoredPhoto: Hashable, Sendable {
    /// SHA-256 of `bytes`, 64 lowercase hex digits.
    public let digest: String
    /// The media type its bytes were found to be (`image/jpeg`...), never one a file declared.
    public let mediaType: String
    public let bytes: [UInt8]

    /// A photo whose digest is known already (read back from a store).
    public init(digest: String, mediaType: String, bytes: [UInt8]) {
        self.digest = digest
        self.mediaType = mediaType
        self.bytes = bytes
    }

    /// `bytes` under their digest.
    public init(mediaType: String, bytes: [UInt8]) {
        self.init(digest: Self.digest(of: bytes), mediaType: mediaType, bytes: bytes)
    }

    /// The SHA-256 digest of `bytes` as a photo is named by.
    public static func digest(of bytes: [UInt8]) -> String { Hex.lowercase(SHA256.hash(bytes)) }

    /// Whether `text` is a digest as photos are named by: 64 lowercase hex digits.
    public static func isDigest(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 64
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The path this server serves the photo's thumbnails at: the digest's alone, so a
    /// contact reads the same wherever it is kept (docs/api.md, "Photos").
    public static func path(of digest: String) -> String {
        "/photos/" + digest
    }
}
