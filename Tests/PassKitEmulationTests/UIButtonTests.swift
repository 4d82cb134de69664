import Foundation
import PassKitEmulation
import Testing

@Suite("UIButton stand-in", .timeLimit(.minutes(3)))
@MainActor
struct UIButtonTests {
    @Test("a tap runs the actions added for its event, in order, and not the others")
    func tapRunsItsActions() {
        let button = UIButton(type: .system)
        var ran: [String] = []
        button.addAction(UIAction(title: "first") { ran.append($0.title) }, for: .touchUpInside)
        button.addAction(UIAction(title: "changed") { ran.append($0.title) }, for: .valueChanged)
        button.addAction(UIAction(title: "second") { ran.append($0.title) }, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(ran == ["first", "second"])
        #expect(button.buttonType == .system)
    }

    @Test("a primary action titles the button and runs on tap; a disabled button runs nothing")
    func primaryActionAndDisabled() {
        var taps = 0
        let action = UIAction(title: "Sign in") { _ in taps += 1 }
        let button = UIButton(type: .system, primaryAction: action)
        #expect(button.currentTitle == "Sign in")
        button.sendActions(for: .touchUpInside)
        #expect(taps == 1)
        #expect(action.sender === button)
        button.isEnabled = false
        button.sendActions(for: .touchUpInside)
        #expect(taps == 1)
        button.isEnabled = true
        button.removeAction(action, for: [.touchUpInside, .primaryActionTriggered])
        button.sendActions(for: .touchUpInside)
        #expect(taps == 1)
    }

    @Test("removing an action for one event keeps it for the others it was added for")
    func removingForOneEventKeepsTheOthers() {
        var taps = 0
        let action = UIAction { _ in taps += 1 }
        let button = UIButton(type: .system, primaryAction: action)
        button.removeAction(action, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(taps == 0)
        button.sendActions(for: .primaryActionTriggered)
        #expect(taps == 1)
    }

    @Test("titles are per state, falling back to the normal one")
    func titlesPerState() {
        let button = UIButton(type: .custom)
        button.setTitle("Add", for: .normal)
        button.setTitle("Wait", for: .disabled)
        #expect(button.title(for: .highlighted) == "Add")
        button.isEnabled = false
        #expect(button.currentTitle == "Wait")
        #expect(UIButton(coder: NSCoder()) == nil)
    }
}
