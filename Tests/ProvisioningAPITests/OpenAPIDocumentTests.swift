import Foundation
import ProvisioningAPI
import Testing

@Suite(.timeLimit(.minutes(3))) struct OpenAPIDocumentTests {
    private static let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options", "trace"]

    private func operations() throws -> [(method: String, path: String, operation: [String: Any])] {
        let paths = try #require(OpenAPI.document()["paths"] as? [String: Any])
        var found: [(String, String, [String: Any])] = []
        for (path, item) in paths {
            let item = try #require(item as? [String: Any])
            for (method, operation) in item where Self.methods.contains(method) {
                found.append((method.uppercased(), path, try #require(operation as? [String: Any])))
            }
        }
        return found
    }

    @Test func documentIsOpenAPI31() throws {
        #expect(try OpenAPI.document()["openapi"] as? String == "3.1.0")
    }

    @Test func documentedOperationsAreExactlyTheRoutes() throws {
        struct Key: Hashable {
            let method: String
            let path: String
        }
        let documented = Set(try operations().map { Key(method: $0.method, path: $0.path) })
        let routes = APIRoute.all.map { route in
            Key(
                method: route.method.rawValue,
                path: route.pattern.replacing(#/:(\w+)/#) { "{\($0.output.1)}" })
        }
        #expect(routes.count == Set(routes).count, "a route is listed twice")
        #expect(documented.subtracting(routes).isEmpty, "documented but not a route")
        #expect(Set(routes).subtracting(documented).isEmpty, "a route missing from the document")
    }

    @Test func operationIdsMatchTheRoutes() throws {
        let documented = Dictionary(
            uniqueKeysWithValues: try operations().map {
                ("\($0.method) \($0.path)", $0.operation["operationId"] as? String)
            })
        for route in APIRoute.all {
            #expect(documented["\(route.method) \(route.openAPIPath)"] == route.operationId, "\(route)")
        }
    }

    @Test func everyPathParameterIsDeclared() throws {
        let document = try OpenAPI.document()
        let components = try #require(document["components"] as? [String: Any])
        let declared = try #require(components["parameters"] as? [String: Any])
        for (method, path, operation) in try operations() {
            let references = (operation["parameters"] as? [[String: Any]] ?? []).compactMap { $0["$ref"] as? String }
            let names = try references.map { reference in
                let parameter = try #require(
                    declared[String(reference.split(separator: "/").last ?? "")] as? [String: Any])
                return parameter["in"] as? String == "path" ? parameter["name"] as? String : nil
            }.compactMap { $0 }
            let route = try #require(APIRoute.all.first { $0.openAPIPath == path && $0.method.rawValue == method })
            #expect(Set(names) == Set(route.parameterNames), "\(method) \(path)")
        }
    }

    @Test func operationsWithABodyDocumentProblemAnswers() throws {
        for (method, path, operation) in try operations() where operation["requestBody"] != nil {
            let responses = try #require(operation["responses"] as? [String: Any])
            for status in ["400", "413", "500"] {
                let response = responses[status] as? [String: Any]
                #expect(
                    response?["$ref"] as? String == "#/components/responses/Problem",
                    "\(method) \(path) lacks a \(status) problem")
            }
        }
    }

    @Test func everyReferenceResolves() throws {
        let document = try OpenAPI.document()
        var references: [String] = []
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                if let reference = object["$ref"] as? String { references.append(reference) }
                object.values.forEach(collect)
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        collect(document)
        #expect(!references.isEmpty)
        for reference in Set(references) {
            var node: Any? = document
            for key in reference.dropFirst(2).split(separator: "/") {
                node = (node as? [String: Any])?[String(key)]
            }
            #expect(node != nil, "unresolved \(reference)")
        }
    }
}

@Suite(.timeLimit(.minutes(3))) struct WalletRouteTests {
    @Test func walletRoutesAreDocumentedAndServed() throws {
        let paths = try #require(OpenAPI.document()["paths"] as? [String: Any])
        #expect(!APIRoute.wallet.isEmpty)
        for route in APIRoute.wallet {
            #expect(paths[route.openAPIPath] != nil, "\(route) is not documented")
            #expect(APIRoute.all.contains(route), "\(route) is missing from all")
        }
    }

    @Test func walletOperationsRequireTheWalletToken() throws {
        let paths = try #require(OpenAPI.document()["paths"] as? [String: Any])
        for route in APIRoute.wallet where route.pattern.contains("/wallets/:walletId") {
            let item = try #require(paths[route.openAPIPath] as? [String: Any])
            let operation = try #require(item[route.method.rawValue.lowercased()] as? [String: Any])
            let security = try #require(operation["security"] as? [[String: Any]])
            #expect(security.contains { $0["walletToken"] != nil }, "\(route)")
        }
    }
}
