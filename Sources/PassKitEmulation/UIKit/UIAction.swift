import Foundation

/// A stand-in for UIKit's `UIAction`: a title and the closure a control runs.
@MainActor
open class UIAction: NSObject {
    /// The action's title.
    open var title: String
    /// The control that ran the action last, while and after it runs.
    open private(set) weak var sender: AnyObject?
    private let handler: UIActionHandler

    /// Makes an action that runs `handler`.
    public init(title: String = "", handler: @escaping UIActionHandler) {
        self.title = title
        self.handler = handler
        super.init()
    }

    func perform(sender: AnyObject) {
        self.sender = sender
        handler(self)
    }
}

/// The closure of a ``UIAction``, as in UIKit.
public typealias UIActionHandler = (UIAction) -> Void
