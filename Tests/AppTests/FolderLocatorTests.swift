import Foundation
import Testing

@testable import App

struct FolderLocatorTests {
    @Test func aFolderIsFoundBesideTheExecutableOrAboveIt() throws {
        let root = NSTemporaryDirectory() + "roster-locate-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let name = "Folder-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: root + "/bin/release", withIntermediateDirectories: true)
        let executable = root + "/bin/release/roster"
        #expect(FolderLocator.locate(name, executable: executable).hasSuffix("/\(name)"))
        #expect(FolderLocator.locate(name + "-absent", executable: executable) == name + "-absent")
        #expect(FolderLocator.locate(root + "/" + name, executable: "/nowhere/roster") == root + "/" + name)
    }
}
