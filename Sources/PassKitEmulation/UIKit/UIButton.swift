import Foundation
import PassKitEmulationEnums

/// A stand-in for UIKit's `UIButton`: a type, titles per state and the
/// control's actions.
///
/// ```swift
/// let signIn = UIButton(type: .system, primaryAction: UIAction(title: "Sign in") { _ in })
/// signIn.sendActions(for: .touchUpInside)
/// ```
@MainActor
open class UIButton: UIControl {
    /// A button's style, as in UIKit.
    public typealias ButtonType = _UIButton.ButtonType

    /// The button's style.
    public private(set) var buttonType: ButtonType = .custom
    private var titles: [UInt: String] = [:]

    /// Makes a button of `buttonType`.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    /// Makes a button of `buttonType` whose tap runs `primaryAction`, titled
    /// with the action's title.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            setTitle(primaryAction.title, for: .normal)
            addAction(primaryAction, for: [.touchUpInside, .primaryActionTriggered])
        }
    }

    /// Makes a custom button.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Makes a button from an archive; always `nil` in the stand-in.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Sets the title shown in `state`.
    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
    }

    /// The title for `state`, or the normal state's when it has none.
    open func title(for state: State) -> String? {
        titles[state.rawValue] ?? titles[State.normal.rawValue]
    }

    /// The title shown now.
    open var currentTitle: String? { title(for: isEnabled ? .normal : .disabled) }
}
