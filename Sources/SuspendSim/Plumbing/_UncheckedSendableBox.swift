/// A value handed to another thread whose use the code itself keeps apart (a buffer only
/// read, a result read after `DispatchGroup.wait`).
final class _UncheckedSendableBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
