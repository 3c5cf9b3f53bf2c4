/// The contact that stays put on screen when the data changes under a client
/// (the contract's anchoring): where it was in the layout the client shows, and where it
/// is now.
public struct Anchor: Hashable, Sendable {
    /// The contact's id.
    public let id: Int
    /// Its top in the layout of the state the client acknowledged.
    public let oldTop: Int
    /// Its top in the new layout.
    public let newTop: Int

    /// An anchor that moved from `oldTop` to `newTop`.
    public init(id: Int, oldTop: Int, newTop: Int) {
        self.id = id
        self.oldTop = oldTop
        self.newTop = newTop
    }

    /// Pixels added above the anchor (negative when removed).
    public var shift: Int { newTop - oldTop }

    /// The offset to lay the new window out at for a client asking for `requested`
    /// in the old coordinates: the anchor's distance from the window's top is the
    /// same in both, so it does not move on screen.
    /// - Complexity: O(1).
    public func offset(for requested: Double) -> Double {
        requested + Double(shift)
    }
}

extension ReuseSession {
    /// True when state `seq` is kept and was laid out on older data than `layout`
    /// (an `apply(layout:)` came after it): only then can a client at `seq` need an anchor.
    /// - Complexity: O(1).
    public func dataChanged(since seq: Int) -> Bool {
        state(seq).map { $0.epoch != epoch } ?? false
    }

    /// The anchor for a client that acknowledged state `ack`: the first contact at
    /// least partly inside that state's viewport (overscan left out), or when it is
    /// gone from the new data, the next contact of that state that is not.
    ///
    /// `newTop` gives a contact id's top in the new layout, or nil when the contact
    /// was deleted (the caller reads ids' rows; the engine cannot). It is called in
    /// display order and the walk stops at the first contact it places. Nil when
    /// `ack` is not kept, its viewport shows no contact, or every contact from the
    /// first visible one to the end of that state's items (its overscan included)
    /// was deleted: the caller then keeps the requested offset.
    /// - Complexity: O(log sections + contacts tried).
    public func anchor(at ack: Int, newTop: (Int) throws -> Int?) rethrows -> Anchor? {
        guard let state = state(ack), !state.bindings.isEmpty else { return nil }
        let layout = layout(of: state.epoch)
        let onScreen = layout.items(
            in: Viewport(offset: state.viewport.offset, height: state.viewport.height))
        guard !onScreen.isEmpty else { return nil }
        let start = max(onScreen.lowerBound, state.first)
        for index in start..<state.range.upperBound {
            let item = layout.item(at: index)
            guard item.kind == .contact else { continue }
            let id = state.bindings[index - state.first].id
            if let top = try newTop(id) {
                return Anchor(id: id, oldTop: item.top, newTop: top)
            }
        }
        return nil
    }
}
