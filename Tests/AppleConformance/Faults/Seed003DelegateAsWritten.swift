// expect: conformance of 'ViewController' to protocol 'WCSessionDelegate' crosses into main actor-isolated code
// Seed 003's view controller as the seed writes it: a UIViewController
// (main actor) adopting WCSessionDelegate with plain methods. Apple's
// protocol is not isolated and WCSession calls it on a background queue, so
// Swift 6 refuses it on iOS; the tests' copy makes the three methods
// `nonisolated` (Tests/SeedSamplesTests/Seed003ViewController.swift, edit 6).
import PassKit
import UIKit
import WatchConnectivity

class ViewController: UIViewController, WCSessionDelegate {
    var isWatchPaired = false

    func session(
        _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: Error?
    ) {
        if error == nil, activationState == .activated, session.isPaired {
            isWatchPaired = true
        }
    }

    func sessionDidBecomeInactive(_ session: WCSession) {
        isWatchPaired = false
    }

    func sessionDidDeactivate(_ session: WCSession) {
        isWatchPaired = false
    }
}
