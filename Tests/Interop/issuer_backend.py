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


def mint_code(key_pem: bytes, kid: str, issuer: str, audience: str, scope: str, card_ref: str | None = None,
              last4: str | None = None, **bindings) -> str:
    """docs/issuer-backend.md, "Authorization codes": an ES256 JWT. `bindings`
    adds claims such as tokenId or sub."""
    key = serialization.load_pem_private_key(key_pem, password=None)
    now = int(time.time())
    header = {"alg": "ES256", "typ": "JWT", "kid": kid}
    claims = {"iss": issuer, "aud": audience, "iat": now, "exp": now + 240, "jti": str(uuid.uuid4()), "scope": scope}
    if card_ref is not None:
        claims["cardRef"] = card_ref
    if last4 is not None:
        claims["panLastFour"] = last4
    claims.update({name: value for name, value in bindings.items() if value is not None})
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


def secret(path: str) -> bytes:
    """A secret file as the service reads it: `hex:…`, `base64:…` or the text's bytes."""
    text = open(path).read().strip()
    if text.startswith("hex:"):
        return bytes.fromhex(text[len("hex:"):])
    if text.startswith("base64:"):
        return base64.b64decode(text[len("base64:"):])
    return text.encode()


class SandboxIssuer:
    """What `tpc serve --sandbox` wrote for its test issuer (sandbox.json)."""

    def __init__(self, base_url: str, sandbox_dir: str):
        self.base_url = base_url
        self.sandbox_dir = sandbox_dir
        summary = json.load(open(os.path.join(sandbox_dir, "sandbox.json")))
        self.issuer, self.audience, self.kid = summary["issuerId"], summary["audience"], summary["kid"]
        self.key_pem = open(os.path.join(sandbox_dir, summary["codeKeyFile"]), "rb").read()
        self.certificate_path = os.path.join(sandbox_dir, summary["payloadCertificateFile"])
        self.back_office_key = open(os.path.join(sandbox_dir, summary["backOfficeAPIKeyFile"])).read().strip()
        self.notification_secret = secret(os.path.join(sandbox_dir, summary["notificationSecretFile"]))

    def code(self, scope: str, card_ref: str | None = None, last4: str | None = None, **bindings) -> str:
        return mint_code(self.key_pem, self.kid, self.issuer, self.audience, scope, card_ref, last4, **bindings)

    def test_card(self, scheme: str, outcome: str) -> dict:
        status, cards = http("GET", self.base_url + "/v1/sandbox/test-cards")
        assert status == 200, f"test cards: {status}"
        return next(c for c in cards["cards"]
                    if c["scheme"] == scheme and c["outcome"] == outcome and not c.get("auxiliaryScheme"))

    def payload(self, card: dict, card_ref: str) -> str:
        return encrypt_payload({
            "primaryAccountNumber": card["pan"], "expiration": card["expiry"],
            "cardholderName": "Ada Lovelace", "cardReference": card_ref}, self.certificate_path)


def start_sandbox(tpc: str, sandbox_dir: str, timeout: float = 180.0):
    """Starts `tpc serve --sandbox` on a free port; returns the process and
    the service's base URL (None when it ended or was not ready within
    `timeout` seconds). Readiness is its `--ready-file` (KEY=value lines)."""
    ready = sandbox_dir.rstrip("/") + ".ready"
    if os.path.exists(ready):
        os.remove(ready)
    server = subprocess.Popen(
        [tpc, "serve", "--sandbox", "--sandbox-dir", sandbox_dir, "--port", "0", "--ready-file", ready],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and server.poll() is None:
        if os.path.exists(ready):
            with open(ready) as file:
                values = dict(line.split("=", 1) for line in file.read().splitlines() if "=" in line)
            if "TPC_URL" in values:
                return server, values["TPC_URL"]
        time.sleep(0.05)
    return server, None


def stop_sandbox(server) -> None:
    server.terminate()
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=15)


class ProvisionedCard:
    """A card provisioned as the issuer's app and Apple's side do it: the
    device, its key, the request and the pass Wallet added."""

    def __init__(self, sandbox: SandboxIssuer, scheme: str = "VISA", outcome: str = "APPROVE"):
        base_url = sandbox.base_url
        card = sandbox.test_card(scheme, outcome)
        self.last4 = card["pan"][-4:]
        self.card_ref = "python-bank-" + uuid.uuid4().hex[:8]
        self.payload = sandbox.payload(card, self.card_ref)
        self.code = sandbox.code("provision", self.card_ref, self.last4)
        self.device_key = ec.generate_private_key(ec.SECP256R1())
        public = self.device_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        status, device = http("POST", base_url + "/v1/sandbox/devices",
                              {"kind": "IPHONE", "name": "Python iPhone", "publicKey": base64.b64encode(public).decode()})
        assert status == 201, f"device registration: {status}"
        self.device_id = device["deviceId"]
        nonce = self.nonce(base_url)
        status, chain = http("GET", base_url + "/v1/sandbox/certificates")
        self.request = {
            "scheme": scheme, "encryptedPayload": self.payload, "authorizationCode": self.code,
            "certificateChain": chain["certificateChain"], **nonce, "encryptionScheme": "EV_ECC_v2"}
        self.url = f"{base_url}/v1/issuers/{sandbox.issuer}/applepay/provisioning"
        status, answer = http("POST", self.url, self.request)
        assert status == 200, f"provisioning answered {status}: {answer.get('type') if answer else None}"
        self.answer = answer
        status, self.pass_ = http("POST", f"{base_url}/v1/sandbox/devices/{self.device_id}/passes", {
            "activationData": answer["activationData"], "encryptedPassData": answer["encryptedPassData"],
            "ephemeralPublicKey": answer["ephemeralPublicKey"], "nonce": nonce["nonce"],
            "encryptionScheme": "EV_ECC_v2", "paymentNetwork": scheme, "primaryAccountSuffix": self.last4,
            "cardholderName": "Ada Lovelace"})
        assert status == 201, f"add pass answered {status}: {self.pass_}"

    def nonce(self, base_url: str) -> dict:
        """A fresh nonce from Apple's side, signed with the device's key."""
        status, nonce = http("POST", f"{base_url}/v1/sandbox/devices/{self.device_id}/nonces", {})
        assert status == 201, f"nonce: {status}"
        signature = self.device_key.sign(base64.b64decode(nonce["nonce"]), ec.ECDSA(hashes.SHA256()))
        return {"nonce": nonce["nonce"], "nonceSignature": base64.b64encode(signature).decode()}


def main() -> int:
    tpc = sys.argv[1]
    with tempfile.TemporaryDirectory() as work:
        server, base_url = start_sandbox(tpc, os.path.join(work, "sandbox"))
        try:
            if base_url is None:
                print("tpc serve was not ready (no ready file)", file=sys.stderr)
                return 1
            print(f"service at {base_url}")
            sandbox = SandboxIssuer(base_url, os.path.join(work, "sandbox"))
            card = ProvisionedCard(sandbox)
            print(f"payload: {len(base64.b64decode(card.payload))} bytes of CMS (openssl cms -encrypt)")
            print("authorization code: ES256 JWT (cryptography)")
            print(f"device {card.device_id[:8]}… registered; nonce and certificate chain received")
            print("provisioning: 200 with encryptedPassData, activationData, ephemeralPublicKey")
            pass_ = card.pass_
            assert pass_["activationState"] == "ACTIVATED", pass_["activationState"]
            assert pass_["primaryAccountNumberSuffix"] == card.last4
            print(f"pass added on the device: {pass_['activationState']}, token ••••{pass_['deviceAccountNumberSuffix']}")

            request = dict(card.request, **card.nonce(base_url))
            status, problem = http("POST", card.url, request)
            assert status != 200 and problem and "type" in problem, f"a reused code answered {status}"
            print(f"a reused authorization code is refused: {status} {problem['type'].rsplit(':', 1)[-1]}")
            return 0
        finally:
            stop_sandbox(server)


if __name__ == "__main__":
    sys.exit(main())
