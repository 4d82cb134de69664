import HTTPServer

// ProvisioningAPI and HTTPServer both define `HTTPMethod`, and the HTTPServer
// module's class of the same name hides module qualification: name the
// server's type once, in a file that sees only it.
typealias ServerMethod = HTTPMethod
