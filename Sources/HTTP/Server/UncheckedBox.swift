/// Carries a value the compiler cannot prove Sendable to the loop's own thread,
/// where alone it is used.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
