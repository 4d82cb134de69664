"""An independent implementation of Apple's ECC_V2 in-app provisioning recipe,
on Python's `cryptography` package, used by the Swift tests to cross-check ours.

    ecc_v2.py decrypt LEAF_KEY.pem   (stdin: JSON {"ephemeralPublicKey": hex, "encryptedPassData": hex})
                                     -> stdout: the plaintext bytes
    ecc_v2.py encrypt LEAF_CERT.pem  (stdin: plaintext bytes)
                                     -> stdout: JSON {"ephemeralPublicKey": hex, "encryptedPassData": hex}

Recipe: ephemeral P-256 key; Z = ECDH(ephemeral, leaf); key = NIST SP 800-56A
concat KDF with SHA-256 over Z and OtherInfo = 0x0D || "id-aes256-GCM" || "Apple"
|| ephemeral public point (65 bytes); AES-256-GCM with a 12-byte zero IV, no AAD,
output ciphertext || tag.
"""
import json
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.concatkdf import ConcatKDFHash

ALGORITHM_ID = b"id-aes256-GCM"


def other_info(ephemeral_point: bytes) -> bytes:
    return bytes([len(ALGORITHM_ID)]) + ALGORITHM_ID + b"Apple" + ephemeral_point


def derive_key(shared_secret: bytes, ephemeral_point: bytes) -> bytes:
    kdf = ConcatKDFHash(algorithm=hashes.SHA256(), length=32, otherinfo=other_info(ephemeral_point))
    return kdf.derive(shared_secret)


def decrypt(leaf_key_path: str) -> None:
    with open(leaf_key_path, "rb") as f:
        leaf_key = serialization.load_pem_private_key(f.read(), password=None)
    message = json.load(sys.stdin)
    point = bytes.fromhex(message["ephemeralPublicKey"])
    ephemeral = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    shared = leaf_key.exchange(ec.ECDH(), ephemeral)
    key = derive_key(shared, point)
    plaintext = AESGCM(key).decrypt(bytes(12), bytes.fromhex(message["encryptedPassData"]), None)
    sys.stdout.buffer.write(plaintext)


def encrypt(leaf_cert_path: str) -> None:
    with open(leaf_cert_path, "rb") as f:
        leaf = x509.load_pem_x509_certificate(f.read())
    plaintext = sys.stdin.buffer.read()
    ephemeral = ec.generate_private_key(ec.SECP256R1())
    point = ephemeral.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    shared = ephemeral.exchange(ec.ECDH(), leaf.public_key())
    key = derive_key(shared, point)
    sealed = AESGCM(key).encrypt(bytes(12), plaintext, None)
    json.dump({"ephemeralPublicKey": point.hex(), "encryptedPassData": sealed.hex()}, sys.stdout)


if __name__ == "__main__":
    {"decrypt": decrypt, "encrypt": encrypt}[sys.argv[1]](sys.argv[2])
