import CZstd

/// `bytes` decompressed as one zstd frame that records its size (as `Zstd` writes
/// them), or nil when they are not one such frame of at most 16 MiB: what a client
/// makes of a zstd answer.
public func unzstd(_ bytes: [UInt8]) -> [UInt8]? {
    let size = bytes.withUnsafeBytes { ZSTD_getFrameContentSize($0.baseAddress, $0.count) }
    guard size <= 16 << 20 else { return nil }  // also the unknown and error sizes, near 2^64
    var output = [UInt8](repeating: 0, count: Int(size))
    let written = output.withUnsafeMutableBytes { target in
        bytes.withUnsafeBytes { ZSTD_decompress(target.baseAddress, target.count, $0.baseAddress, $0.count) }
    }
    guard ZSTD_isError(written) == 0, written == Int(size) else { return nil }
    return output
}
