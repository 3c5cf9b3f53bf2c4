@testable import ReuseEngine

/// What a browser holds: the item each slot shows. Tests apply updates to it the
/// way the page does (Public/list/model/slots.js) and compare it with the server's full state.
struct ClientSlots: Equatable {
    var items: [Int: Int] = [:]

    init() {}

    init(_ full: WindowUpdate) {
        apply(full)
    }

    mutating func apply(_ update: WindowUpdate) {
        if update.isFull { items = [:] }
        for slot in update.released { items[slot] = nil }
        for cell in update.cells { items[cell.slot] = cell.item.index }
    }

    func applying(_ update: WindowUpdate) -> ClientSlots {
        var copy = self
        copy.apply(update)
        return copy
    }
}
