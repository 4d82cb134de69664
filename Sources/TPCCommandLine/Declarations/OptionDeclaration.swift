/// A declared option of any value type — a ``Flag`` or an ``Option`` — as a
/// ``CommandConfiguration`` lists it.
package protocol OptionDeclaration: Sendable {
    /// What the parser and the help read of it.
    var spec: OptionSpec { get }
}
