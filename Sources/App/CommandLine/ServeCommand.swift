import Foundation

/// `roster serve`: runs until SIGINT/SIGTERM, then exits 0 once requests in flight are done.
enum ServeCommand {
    static func run(_ options: ServeOptions) throws {
        let application = try Application(options: options)
        application.stopOnSignals()
        try application.start()
        let shownHost = options.host.contains(":") ? "[\(options.host)]" : options.host
        FileHandle.standardOutput.write(Data("listening on http://\(shownHost):\(application.port)\n".utf8))
        application.wait()
        application.logger.log("roster: stopped")
    }
}
