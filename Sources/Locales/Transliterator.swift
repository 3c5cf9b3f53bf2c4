import CICU
import Synchronization

/// One ICU transliterator behind a lock (ICU's are not safe to share between threads), with the
/// answers it gave kept: a name's readings are asked again and again for the same few thousand
/// syllables and names, and one ICU call costs tens of microseconds.
public final class Transliterator: Sendable {
    private struct State: ~Copyable {
        let handle: OpaquePointer
        var answers: [String: String] = [:]
    }
    private let state: Mutex<State>
    /// ICU's id of the transform ("Any-Latin; Latin-ASCII; Lower").
    public let id: String
    /// How many answers are kept before the oldest half is dropped.
    private static let kept = 50_000

    /// The transliterator ICU makes for `id`.
    public init(id: String) throws {
        var error = [CChar](repeating: 0, count: 64)
        guard let handle = roster_transliterator_open(id, &error, Int32(error.count)) else {
            throw ICUError(name: ICU.string(error), making: "the transliterator '\(id)'")
        }
        self.id = id
        state = Mutex(State(handle: handle))
    }

    deinit {
        state.withLock { roster_transliterator_close($0.handle) }
    }

    /// `text` transliterated.
    /// - Complexity: a dictionary look-up once `text` was seen; else ICU's time (10-40 us).
    public func callAsFunction(_ text: String) -> String {
        state.withLock { state in
            if let known = state.answers[text] { return known }
            let handle = state.handle
            var input = text
            let answer = input.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { chars in
                    ICU.growingText {
                        roster_transliterate(handle, chars.baseAddress, Int32(chars.count), $0, $1)
                    }
                }
            }
            if state.answers.count >= Self.kept { state.answers.removeAll(keepingCapacity: true) }
            state.answers[text] = answer
            return answer
        }
    }
}
