import CZstd

/// `bytes` decompressed as one zstd frame (its size recorded, as `Zstd` writes
/// them, or not, as `ZstdStream` does), or nil when they are not one whole frame
/// of at most 16 MiB: what a client makes of a zstd answer.
public func unzstd(_ bytes: [UInt8]) -> [UInt8]? {
    let recorded = bytes.withUnsafeBytes { ZSTD_getFrameContentSize($0.baseAddress, $0.count) }
    let unknown = UInt64.max  // ZSTD_CONTENTSIZE_UNKNOWN
    guard recorded == unknown || recorded <= 16 << 20 else { return nil }  // also the error value, 2^64 - 2
    var output = [UInt8](repeating: 0, count: recorded == unknown ? 16 << 20 : Int(recorded))
    let written = output.withUnsafeMutableBytes { target in
        bytes.withUnsafeBytes { ZSTD_decompress(target.baseAddress, target.count, $0.baseAddress, $0.count) }
    }
    guard ZSTD_isError(written) == 0, recorded == unknown || written == Int(recorded) else { return nil }
    return Array(output.prefix(written))
}
