import Foundation

/// `roster serve`: runs until SIGINT/SIGTERM, then exits 0 once requests in flight are done.
/// `listening on` is printed once the list is served: at once, or after a first start's
/// seeding (the socket accepts before that, and answers 503 `seeding` meanwhile), so a
/// client that waits for the line never meets the seeding.
enum ServeCommand {
    static func run(_ options: ServeOptions) throws {
        let application = try Application(options: options)
        application.stopOnSignals()
        try application.start()
        do {
            guard try application.waitUntilReady() else {
                application.wait()
                application.logger.log("roster: stopped before the seeding ended; the next start seeds again")
                return
            }
        } catch {
            application.stop()
            application.wait()
            throw error
        }
        let shownHost = options.host.contains(":") ? "[\(options.host)]" : options.host
        FileHandle.standardOutput.write(Data("listening on http://\(shownHost):\(application.port)\n".utf8))
        application.wait()
        application.logger.log("roster: stopped")
    }
}
