#!/usr/bin/env python3
"""A bank backend without Swift, following docs/issuer-backend.md.

Uses only Python's standard library, the `cryptography` package and the
`openssl` CLI. It starts `tpc serve --sandbox` (path given as the first
argument), then:

  1. encrypts the card payload with `openssl cms -encrypt` (RSAES-OAEP SHA-256,
     AES-256-CBC) for the sandbox issuer's payload certificate;
  2. mints the authorization code (ES256 JWT) with `cryptography`;
  3. plays the device's part over the sandbox's HTTP endpoints: registers a
     P-256 device key, gets Apple's nonce and certificate chain, signs the nonce;
  4. calls the provisioning endpoint, hands the answer to the sandbox's Apple
     side, and checks that the pass was added and activated;
  5. checks that a reused code is refused.

Prints one line per step, never a PAN, code or key; exits 0 on success.
"""
import base64
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def http(method, url, body=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def mint_code(key_pem: bytes, kid: str, issuer: str, audience: str, scope: str, card_ref: str, last4: str) -> str:
    """docs/issuer-backend.md, "Authorization codes": an ES256 JWT."""
    key = serialization.load_pem_private_key(key_pem, password=None)
    now = int(time.time())
    header = {"alg": "ES256", "typ": "JWT", "kid": kid}
    claims = {
        "iss": issuer, "aud": audience, "iat": now, "exp": now + 240, "jti": str(uuid.uuid4()),
        "scope": scope, "cardRef": card_ref, "panLastFour": last4,
    }
    signing_input = b64url(json.dumps(header).encode()) + "." + b64url(json.dumps(claims).encode())
    der = key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256()))
    r, s = decode_dss_signature(der)  # JWS wants r || s, 32 bytes each, not DER
    return signing_input + "." + b64url(r.to_bytes(32, "big") + s.to_bytes(32, "big"))


def encrypt_payload(card: dict, certificate_path: str) -> str:
    """docs/issuer-backend.md, "Card payload": openssl cms -encrypt."""
    der = subprocess.run(
        ["openssl", "cms", "-encrypt", "-binary", "-aes256", "-outform", "DER",
         "-recip", certificate_path,
         "-keyopt", "rsa_padding_mode:oaep", "-keyopt", "rsa_oaep_md:sha256", "-keyopt", "rsa_mgf1_md:sha256"],
        input=json.dumps(card).encode(), capture_output=True, check=True).stdout
    return base64.b64encode(der).decode()


def main() -> int:
    tpc = sys.argv[1]
    with tempfile.TemporaryDirectory() as work:
        sandbox_dir = os.path.join(work, "sandbox")
        server = subprocess.Popen(
            [tpc, "serve", "--sandbox", "--sandbox-dir", sandbox_dir, "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            line = server.stdout.readline()
            if not line.startswith("tpc: listening on "):
                print("no ready line from tpc serve", file=sys.stderr)
                return 1
            root, base = line[len("tpc: listening on "):].strip().split(" (base path ")
            base_url = root + base.rstrip(")")
            print(f"service at {base_url}")

            summary = json.load(open(os.path.join(sandbox_dir, "sandbox.json")))
            issuer, audience, kid = summary["issuerId"], summary["audience"], summary["kid"]
            key_pem = open(os.path.join(sandbox_dir, summary["codeKeyFile"]), "rb").read()
            certificate_path = os.path.join(sandbox_dir, summary["payloadCertificateFile"])

            status, cards = http("GET", base_url + "/v1/sandbox/test-cards")
            card = next(c for c in cards["cards"]
                        if c["scheme"] == "VISA" and c["outcome"] == "APPROVE" and not c.get("auxiliaryScheme"))
            last4 = card["pan"][-4:]
            card_ref = "python-bank-" + uuid.uuid4().hex[:8]

            payload = encrypt_payload({
                "primaryAccountNumber": card["pan"], "expiration": card["expiry"],
                "cardholderName": "Ada Lovelace", "cardReference": card_ref}, certificate_path)
            print(f"payload: {len(base64.b64decode(payload))} bytes of CMS (openssl cms -encrypt)")
            code = mint_code(key_pem, kid, issuer, audience, "provision", card_ref, last4)
            print("authorization code: ES256 JWT (cryptography)")

            device_key = ec.generate_private_key(ec.SECP256R1())
            public = device_key.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
            status, device = http("POST", base_url + "/v1/sandbox/devices",
                                  {"kind": "IPHONE", "name": "Python iPhone", "publicKey": base64.b64encode(public).decode()})
            assert status == 201, f"device registration: {status}"
            device_id = device["deviceId"]
            status, nonce = http("POST", f"{base_url}/v1/sandbox/devices/{device_id}/nonces", {})
            assert status == 201, f"nonce: {status}"
            status, chain = http("GET", base_url + "/v1/sandbox/certificates")
            nonce_bytes = base64.b64decode(nonce["nonce"])
            nonce_signature = device_key.sign(nonce_bytes, ec.ECDSA(hashes.SHA256()))
            print(f"device {device_id[:8]}… registered; nonce and certificate chain received")

            request = {
                "scheme": "VISA", "encryptedPayload": payload, "authorizationCode": code,
                "certificateChain": chain["certificateChain"], "nonce": nonce["nonce"],
                "nonceSignature": base64.b64encode(nonce_signature).decode(), "encryptionScheme": "EV_ECC_v2"}
            url = f"{base_url}/v1/issuers/{issuer}/applepay/provisioning"
            status, answer = http("POST", url, request)
            assert status == 200, f"provisioning answered {status}: {answer.get('type') if answer else None}"
            print("provisioning: 200 with encryptedPassData, activationData, ephemeralPublicKey")

            status, pass_ = http("POST", f"{base_url}/v1/sandbox/devices/{device_id}/passes", {
                "activationData": answer["activationData"], "encryptedPassData": answer["encryptedPassData"],
                "ephemeralPublicKey": answer["ephemeralPublicKey"], "nonce": nonce["nonce"],
                "encryptionScheme": "EV_ECC_v2", "paymentNetwork": "VISA", "primaryAccountSuffix": last4,
                "cardholderName": "Ada Lovelace"})
            assert status == 201, f"add pass answered {status}: {pass_}"
            assert pass_["activationState"] == "ACTIVATED", pass_["activationState"]
            assert pass_["primaryAccountNumberSuffix"] == last4
            print(f"pass added on the device: {pass_['activationState']}, token ••••{pass_['deviceAccountNumberSuffix']}")

            status, nonce2 = http("POST", f"{base_url}/v1/sandbox/devices/{device_id}/nonces", {})
            request["nonce"] = nonce2["nonce"]
            request["nonceSignature"] = base64.b64encode(
                device_key.sign(base64.b64decode(nonce2["nonce"]), ec.ECDSA(hashes.SHA256()))).decode()
            status, problem = http("POST", url, request)
            assert status != 200 and problem and "type" in problem, f"a reused code answered {status}"
            print(f"a reused authorization code is refused: {status} {problem['type'].rsplit(':', 1)[-1]}")
            return 0
        finally:
            server.terminate()
            server.wait(timeout=15)


if __name__ == "__main__":
    sys.exit(main())
