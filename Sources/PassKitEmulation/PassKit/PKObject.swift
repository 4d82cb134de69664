import Foundation

/// The root of PassKit's pass classes, as in PassKit.
///
/// Emulated passes are immutable snapshots of the device's pass store; like
/// Apple's, they are not `Sendable`: copy what another task needs (the serial
/// number, the account identifiers) rather than the pass.
open class PKObject: NSObject {
    override init() {
        super.init()
    }
}
