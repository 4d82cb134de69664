import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import SandboxNetwork
import Testing

@Suite(.timeLimit(.minutes(10))) struct DeviceRegistrationTests {
    static func registration(
        kind: SandboxDeviceKind = .iPhone, name: String = "Phone", key: Data? = nil, paired: String? = nil
    ) throws -> SandboxDeviceRegistrationRequest {
        SandboxDeviceRegistrationRequest(
            kind: kind, name: name, publicKey: try key ?? Data(P256.PrivateKey().publicKey.x963Representation),
            pairedDeviceId: paired)
    }

    @Test func iPhoneAndPairedWatchRegister() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.sandbox.registerDevice(try Self.registration())
            let watch = try await env.sandbox.registerDevice(
                try Self.registration(kind: .watch, name: "Watch", paired: phone.deviceId))
            #expect(phone.deviceId != watch.deviceId)
            #expect(try await env.count("sandbox_devices") == 2)
            #expect(try await env.sandbox.passes(deviceId: watch.deviceId).passes.isEmpty)
        }
    }

    @Test func watchPassesAreItsOwnAndReportAWatchDevice() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let watch = try await env.registerDevice(kind: .watch, pairedWith: phone.id)
            let pass = try await env.provision(.approve, on: watch)
            #expect(pass.deviceName == "Test Watch")
            #expect(try await env.sandbox.passes(deviceId: phone.id).passes.isEmpty)
            #expect(try await env.sandbox.passes(deviceId: watch.id).passes == [pass])
            #expect(env.receiver.received.first?.notification.device?.type == .watch)
        }
    }

    @Test func badRegistrationsAreRefused() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.sandbox.registerDevice(try Self.registration())
            let watch = try await env.sandbox.registerDevice(
                try Self.registration(kind: .watch, paired: phone.deviceId))
            let cases: [(SandboxDeviceRegistrationRequest, String)] = [
                (try Self.registration(kind: .watch), "/pairedDeviceId"),
                (try Self.registration(kind: .watch, paired: "unknown"), "/pairedDeviceId"),
                (try Self.registration(kind: .watch, paired: watch.deviceId), "/pairedDeviceId"),
                (try Self.registration(paired: phone.deviceId), "/pairedDeviceId"),
                (try Self.registration(name: "  "), "/name"),
                (try Self.registration(name: String(repeating: "x", count: 129)), "/name"),
                (try Self.registration(key: Data(repeating: 4, count: 65)), "/publicKey"),
                (try Self.registration(key: Data([4, 1, 2])), "/publicKey"),
            ]
            for (request, field) in cases {
                await #expect {
                    _ = try await env.sandbox.registerDevice(request)
                } throws: { error in
                    let problem = (error as? SandboxError)?.problem
                    return problem?.type == .invalidField && problem?.errors?.first?.field == field
                }
            }
            #expect(try await env.count("sandbox_devices") == 2)
        }
    }

    @Test func noncesAreRandomAndOnlyForKnownDevices() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let first = try await env.sandbox.issueNonce(deviceId: phone.id)
            let second = try await env.sandbox.issueNonce(deviceId: phone.id)
            #expect(first.nonce != second.nonce)
            await #expect {
                _ = try await env.sandbox.issueNonce(deviceId: "nobody")
            } throws: { ($0 as? SandboxError)?.code == .unknownDevice }
            let stored = try await env.database.query("SELECT nonce_hash FROM sandbox_nonces")
                .map { try $0.decode(String.self, column: "nonce_hash") }
            #expect(stored.count == 2)
            #expect(!stored.contains(Hex.encode([UInt8](first.nonce))))
            #expect(stored.contains(Hex.encode(try SHA256.hash(data: [UInt8](first.nonce)))))
        }
    }
}
