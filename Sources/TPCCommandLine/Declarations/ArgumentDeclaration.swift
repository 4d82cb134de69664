/// A declared positional argument of any value type (an ``Argument``), as a
/// ``CommandConfiguration`` lists it.
package protocol ArgumentDeclaration: Sendable {
    /// What the parser and the help read of it.
    var spec: ArgumentSpec { get }
}
