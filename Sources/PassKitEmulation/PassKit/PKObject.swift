import Foundation

/// The root of PassKit's pass classes, as in PassKit.
///
/// Emulated passes are immutable snapshots of the device's pass store, which
/// is what makes them safe to share between threads.
open class PKObject: NSObject, @unchecked Sendable {
    override init() {
        super.init()
    }
}
