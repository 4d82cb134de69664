import Foundation

/// A stand-in for UIKit's `UIViewController`, just enough to present the
/// add-payment-pass sheet where UIKit does not exist.
///
/// Issuer code written for iOS (`class ViewController: UIViewController`,
/// `TPCSDK.provision(fromController: self, …)`) compiles against it with only
/// its import lines changed. Presenting runs the presented controller's
/// lifecycle (`viewDidLoad`, `viewWillAppear`, `viewDidAppear`) at once, with
/// no window or animation; ``PKAddPaymentPassViewController`` starts its flow
/// in `viewDidAppear`. Like UIKit's, it lives on the main actor.
///
/// ```swift
/// final class CardViewController: UIViewController {
///     func addToWallet(_ sheet: PKAddPaymentPassViewController) {
///         present(sheet, animated: true)
///     }
/// }
/// ```
@MainActor
open class UIViewController: NSObject {
    private var hasLoadedView = false

    /// The controller this one presents, if any.
    open private(set) var presentedViewController: UIViewController?

    /// The controller that presents this one, if any.
    open private(set) weak var presentingViewController: UIViewController?

    /// Makes a controller; the stand-in has no nib to load. As in UIKit, this
    /// and ``init(coder:)`` are the designated initializers: a subclass's own
    /// initializer calls `super.init(nibName: nil, bundle: nil)`.
    public nonisolated init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// Makes a controller from an archive, as UIKit does for storyboards;
    /// the stand-in has none, so it always answers `nil`. Required, as in
    /// UIKit: a subclass with an initializer of its own implements it.
    public required nonisolated init?(coder: NSCoder) {
        return nil
    }

    /// Makes a controller with no nib (`init(nibName: nil, bundle: nil)`).
    public nonisolated convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Whether ``viewDidLoad()`` has run.
    open var isViewLoaded: Bool { hasLoadedView }

    /// Called once, before the controller first appears.
    open func viewDidLoad() {}

    /// Called just before the controller appears.
    open func viewWillAppear(_ animated: Bool) {}

    /// Called once the controller is on screen; the presented sheet starts here.
    open func viewDidAppear(_ animated: Bool) {}

    /// Called once the controller has left the screen.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Runs ``viewDidLoad()`` if it has not run yet.
    open func loadViewIfNeeded() {
        guard !hasLoadedView else { return }
        hasLoadedView = true
        viewDidLoad()
    }

    /// Presents `viewControllerToPresent` over this controller, then calls
    /// `completion`.
    ///
    /// As in UIKit, a controller that already presents another one ignores the
    /// request (UIKit logs a warning) and does not call `completion`.
    open func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) {
        guard presentedViewController == nil, viewControllerToPresent.presentingViewController == nil else {
            return
        }
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        viewControllerToPresent.loadViewIfNeeded()
        viewControllerToPresent.viewWillAppear(flag)
        viewControllerToPresent.viewDidAppear(flag)
        completion?()
    }

    /// Dismisses the controller this one presents or, when it presents none,
    /// this controller from its presenter; then calls `completion`.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        if let presented = presentedViewController {
            presentedViewController = nil
            presented.presentingViewController = nil
            presented.viewDidDisappear(flag)
            completion?()
        } else if let presenter = presentingViewController {
            presenter.dismiss(animated: flag, completion: completion)
        } else {
            completion?()
        }
    }
}
