/// Finds which of a fixed set of patterns a text holds, in one pass over its bytes:
/// an Aho-Corasick automaton over the patterns' UTF-8 (a trie with every
/// transition resolved, so each byte of the text is one table look-up, and each
/// state knows every pattern that ends there). Byte matches of UTF-8 patterns in
/// UTF-8 text are character matches, since no character's bytes start inside
/// another's.
///
/// What keeps a search's frequent patterns' bitmaps in step with the contacts: a
/// contact's search text (`SearchText.document`) is run through it on every write.
public struct GramMatcher: Sendable {
    /// The patterns, by number.
    public let patterns: [String]
    /// `state * 256 + byte`: the state after reading `byte` in `state`.
    private let next: [Int32]
    /// Per state, where its patterns start in `outputs` (one more than the states).
    private let outputStarts: [Int32]
    /// The numbers of the patterns ending at each state, state after state.
    private let outputs: [Int32]

    /// The automaton of `patterns` (none empty).
    public init(patterns: [String]) {
        self.patterns = patterns
        // The trie: children by byte, and the patterns ending at each node.
        var children: [[UInt8: Int32]] = [[:]]
        var own: [[Int32]] = [[]]
        for (number, pattern) in patterns.enumerated() {
            var state = 0
            for byte in pattern.utf8 {
                if let child = children[state][byte] {
                    state = Int(child)
                } else {
                    children.append([:])
                    own.append([])
                    children[state][byte] = Int32(children.count - 1)
                    state = children.count - 1
                }
            }
            own[state].append(Int32(number))
        }
        // Breadth first: each state's fallback (the longest proper suffix that is a
        // trie node) is resolved before the state, so its transitions and patterns
        // are complete when the state copies them.
        let states = children.count
        var next = [Int32](repeating: 0, count: states * 256)
        var fallback = [Int32](repeating: 0, count: states)
        var ending = own
        var queue: [Int32] = []
        queue.reserveCapacity(states)
        for (byte, child) in children[0] {
            next[Int(byte)] = child
            queue.append(child)
        }
        var head = 0
        while head < queue.count {
            let state = Int(queue[head])
            head += 1
            let back = Int(fallback[state])
            ending[state] += ending[back]
            for byte in 0..<256 {
                if let child = children[state][UInt8(byte)] {
                    fallback[Int(child)] = next[back * 256 + byte]
                    next[state * 256 + byte] = child
                    queue.append(child)
                } else {
                    next[state * 256 + byte] = next[back * 256 + byte]
                }
            }
        }
        var starts: [Int32] = [0]
        var outputs: [Int32] = []
        for state in 0..<states {
            outputs += ending[state]
            starts.append(Int32(outputs.count))
        }
        self.next = next
        outputStarts = starts
        self.outputs = outputs
    }

    /// Calls `body` with the number of each pattern found in `text`, once per place it
    /// ends (so a pattern held twice is told twice).
    /// - Complexity: O(text length + matches).
    public func forEachMatch(in text: UnsafeRawBufferPointer, _ body: (Int) -> Void) {
        guard !outputs.isEmpty else { return }
        next.withUnsafeBufferPointer { next in
            outputStarts.withUnsafeBufferPointer { starts in
                outputs.withUnsafeBufferPointer { outputs in
                    var state = 0
                    for byte in text {
                        state = Int(next[state &* 256 &+ Int(byte)])
                        var index = Int(starts[state])
                        let end = Int(starts[state + 1])
                        while index < end {
                            body(Int(outputs[index]))
                            index += 1
                        }
                    }
                }
            }
        }
    }

    /// The numbers of the patterns `text` holds, in increasing order, each once.
    public func matches(in text: String) -> [Int] {
        var text = text
        var found: [Int] = []
        text.withUTF8 { bytes in forEachMatch(in: UnsafeRawBufferPointer(bytes)) { found.append($0) } }
        found.sort()
        var unique: [Int] = []
        unique.reserveCapacity(found.count)
        for number in found where unique.last != number { unique.append(number) }
        return unique
    }
}
