import Platform
import Testing

#if canImport(Glibc)
    import Glibc
#endif

struct SyscallTests {
    @Test func anInterruptedCallIsRetried() throws {
        var calls = 0
        let result = try syscall("test") { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7 && calls == 3)
    }

    @Test func wouldBlockIsNilNotAnError() throws {
        let result = try syscall("test") { () -> Int32 in
            errno = EAGAIN
            return -1
        }
        #expect(result == nil)
    }

    @Test func otherFailuresThrowTheCallAndErrno() {
        #expect(throws: SystemError.self) {
            _ = try syscall("close") { Glibc.close(-1) }
        }
        do {
            _ = try syscall("close") { Glibc.close(-1) }
        } catch {
            #expect(error.call == "close" && error.code == EBADF)
            #expect(error.description.contains("errno \(EBADF)"))
        }
    }

    @Test func randomBytesFillTheBuffer() {
        var words = [UInt64](repeating: 0, count: 8)
        #expect(words.withUnsafeMutableBytes { System.random($0) })
        #expect(words.contains { $0 != 0 })
    }
}
