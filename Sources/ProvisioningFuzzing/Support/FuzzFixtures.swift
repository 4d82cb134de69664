import Foundation
import ProvisioningCrypto

/// Fixed, test-only key material the fuzz targets decrypt and verify with.
///
/// It is fixed (not generated per run) so that checked-in seeds stay valid and
/// a crash input reproduces the same path in `make test`. These keys protect
/// nothing: they exist only for fuzzing.
enum FuzzFixtures {
    /// The moment chains and tokens are checked at, inside the seeds' validity.
    static let now = Date(timeIntervalSince1970: 1_798_761_600)

    /// P-256 key of the CMS recipient and of the JWT signer (`kid` `fuzz-1`).
    static let privateKeyPEM = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgRoBPACTkFU9DtGod
        6nX/zRKE+goVcae4btUmAwA5A3ihRANCAATLNueiHD1wsGiKOnWdni4AhQquLz8L
        a1lDN4QJBLYtWzYi1MIhQ3wZZ8BzP0VPuuD2/8Kimfd7EN2JkWcx6JeG
        -----END PRIVATE KEY-----
        """

    /// Self-signed certificate of ``privateKeyPEM``, the CMS recipient.
    static let certificatePEM = """
        -----BEGIN CERTIFICATE-----
        MIIBhjCCASygAwIBAgIBATAKBggqhkjOPQQDAjAhMR8wHQYDVQQDDBZGdXp6IFBh
        eWxvYWQgUmVjaXBpZW50MCAXDTI2MTEyOTE0MTIzM1oYDzIxMjYxMTA1MTQxMjMz
        WjAhMR8wHQYDVQQDDBZGdXp6IFBheWxvYWQgUmVjaXBpZW50MFkwEwYHKoZIzj0C
        AQYIKoZIzj0DAQcDQgAEyzbnohw9cLBoijp1nZ4uAIUKri8/C2tZQzeECQS2LVs2
        ItTCIUN8GWfAcz9FT7rg9v/Copn3exDdiZFnMeiXhqNTMFEwHQYDVR0OBBYEFNGS
        PlvVlVBlgZn2c7N9bDbrOzX8MB8GA1UdIwQYMBaAFNGSPlvVlVBlgZn2c7N9bDbr
        OzX8MA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDSAAwRQIhAJC27aDAP13X
        9j6Hzdne5GIcbk6dKBXm9cnp/ut6W4DwAiBrEI0g5w8CigfMw7SjtLCNLNv7E6gI
        I3+Iz+5rb0u/xQ==
        -----END CERTIFICATE-----
        """

    /// A root of Apple's shape; the seed chains (leaf with the marker OID,
    /// intermediate "Fuzz WWDR CA") end at it.
    static let rootPEM = """
        -----BEGIN CERTIFICATE-----
        MIIBiDCCAS6gAwIBAgIBAjAKBggqhkjOPQQDAjAaMRgwFgYDVQQDDA9GdXp6IEFw
        cGxlIFJvb3QwIBcNMjYxMTI5MTQxMjMzWhgPMjEyNjExMDUxNDEyMzNaMBoxGDAW
        BgNVBAMMD0Z1enogQXBwbGUgUm9vdDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IA
        BPaXTgayWyuq76XEQtDu26uSdnMZmNT94XlBE1SmcRBtaoxBTCPno+JLfoo+/WJC
        07aooVU1FPAizXqvdFpA3q2jYzBhMB0GA1UdDgQWBBSvb6YzWeVQ9G+AcCCOGgPY
        pyd5tTAfBgNVHSMEGDAWgBSvb6YzWeVQ9G+AcCCOGgPYpyd5tTAPBgNVHRMBAf8E
        BTADAQH/MA4GA1UdDwEB/wQEAwIBBjAKBggqhkjOPQQDAgNIADBFAiEAi0YEfx+J
        hEjUd7McMeP9YAkXA9oj5LV7+JpaOVwehc0CIFkwlkbSc+OqdrNYp7FFhjUPdD/L
        NmsNt2kZr9wsUB/l
        -----END CERTIFICATE-----
        """

    /// The common name of the seed chains' intermediate.
    static let intermediateCommonName = "Fuzz WWDR CA"

    /// Parsed once per process; `nil` only if OpenSSL cannot read the constants
    /// above, in which case the targets refuse every input.
    static let recipient: (key: AnyPrivateKey, certificate: Certificate)? = {
        guard let key = try? AnyPrivateKey(pemRepresentation: privateKeyPEM),
            let certificate = try? Certificate(pemRepresentation: certificatePEM)
        else { return nil }
        return (key, certificate)
    }()

    static let root: Certificate? = try? Certificate(pemRepresentation: rootPEM)
}
