import Foundation

/// A stand-in for UIKit's `UIControl`: the events and states a control has,
/// and closure actions (``UIAction``) run when an event is sent.
///
/// UIKit's target–action form, `addTarget(_:action:for:)` with a
/// `#selector`, needs the Objective-C runtime, which Swift on Linux does not
/// have (`@objc` does not compile there); the stand-in offers UIKit's
/// closure form, `addAction(_:for:)`, which compiles on both.
///
/// ```swift
/// let button = UIButton(type: .system)
/// button.addAction(UIAction { _ in print("tapped") }, for: .touchUpInside)
/// button.sendActions(for: .touchUpInside)
/// ```
@MainActor
open class UIControl: NSObject {
    /// What happened to a control, as in UIKit (the same bit values).
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch lifted inside the control.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The control's value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action was triggered (a button's tap).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }

    /// A control's state, as in UIKit.
    public struct State: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The default state.
        public static let normal = State([])
        /// The control is highlighted.
        public static let highlighted = State(rawValue: 1 << 0)
        /// The control is disabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// The control is selected.
        public static let selected = State(rawValue: 1 << 2)
    }

    private var actions: [(events: Event, action: UIAction)] = []

    /// Whether the control sends its actions; a disabled control sends none.
    open var isEnabled = true

    /// Makes a control; the stand-in has no geometry, so `frame` is kept only.
    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    /// Makes a control from an archive; the stand-in has none, so it always
    /// answers `nil`. Required, as in UIKit.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The control's frame, as given.
    open var frame: CGRect

    /// Runs `action` whenever one of `controlEvents` is sent.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        actions.append((controlEvents, action))
    }

    /// Stops running `action` for `controlEvents`; it keeps running for the
    /// other events it was added for.
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        actions = actions.compactMap { entry in
            guard entry.action === action else { return entry }
            let remaining = entry.events.subtracting(controlEvents)
            return remaining.isEmpty ? nil : (remaining, entry.action)
        }
    }

    /// Runs the actions registered for any of `controlEvents`, in the order
    /// they were added, as a tap does; nothing when the control is disabled.
    open func sendActions(for controlEvents: Event) {
        guard isEnabled else { return }
        for (events, action) in actions where !events.isDisjoint(with: controlEvents) {
            action.perform(sender: self)
        }
    }
}
