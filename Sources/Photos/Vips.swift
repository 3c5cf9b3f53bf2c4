import CVips

/// libvips, started once per process with its threads and memory bounded: one worker thread per
/// image (the thumbnail pool bounds how many images at once), no operation cache.
enum Vips {
    private static let started: Bool = roster_vips_start(1) == 0

    /// Whether libvips is ready (started on first use).
    static func start() -> Bool { started }
}
