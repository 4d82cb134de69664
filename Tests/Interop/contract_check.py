#!/usr/bin/env python3
"""schemathesis against the OpenAPI document `tpc serve --sandbox` serves.

Usage: contract_check.py TPC [--max-examples N] [--seed S] [-- SCHEMATHESIS-RUN-OPTIONS…]

1. Starts `tpc serve --sandbox` on a free port in a temporary directory.
2. Makes the data the operations need, as a bank and Apple's side would
   (issuer_backend.py, `cryptography` and `openssl`, no Swift): a card
   provisioned to a simulated iPhone (device, pass, token), an issuer wallet
   with one active card and one waiting for ID&V.
3. Runs schemathesis (`schemathesis.toml` beside this file, hooks in
   contract_hooks.py) with every check, a fixed seed and a bounded number of
   examples, warnings (an operation answering only 401/403 or 404) counted as
   failures.

Exits with schemathesis's status; prints its report on standard error and
what it covered (operations, test cases) on standard output.
"""
import argparse
import base64
import os
import re
import subprocess
import sys
import tempfile
import uuid

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from issuer_backend import ProvisionedCard, SandboxIssuer, http, start_sandbox, stop_sandbox

HERE = os.path.dirname(os.path.abspath(__file__))


def wallet_fixtures(sandbox: SandboxIssuer, with_pending: bool = True) -> dict:
    """A registered wallet, an active card in it and (`with_pending`) one
    waiting for ID&V."""
    base = f"{sandbox.base_url}/v1/issuers/{sandbox.issuer}"
    user_id = "contract-user-" + uuid.uuid4().hex[:8]
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    status, wallet = http("POST", f"{base}/wallets", {
        "userId": user_id, "deviceName": "contract", "publicKey": base64.b64encode(public).decode(),
        "authorizationCode": sandbox.code("wallet:register", sub=user_id)})
    assert status == 201, f"wallet registration: {status} {wallet}"
    bearer = {"Authorization": f"Bearer {wallet['accessToken']}"}

    def enrol(scheme: str, outcome: str) -> tuple[dict, str, str]:
        card = sandbox.test_card(scheme, outcome)
        card_ref = "contract-card-" + uuid.uuid4().hex[:8]
        last4 = card["pan"][-4:]
        status, resource = http("POST", f"{base}/wallets/{wallet['walletId']}/cards", {
            "scheme": scheme, "encryptedPayload": sandbox.payload(card, card_ref),
            "authorizationCode": sandbox.code("wallet:enrol", card_ref, last4, sub=user_id)}, bearer)
        assert status == 201, f"enrolment: {status} {resource}"
        return resource, card_ref, last4

    active, card_ref, last4 = enrol("VISA", "APPROVE")
    if not with_pending:
        return {"CONTRACT_DEFAULT_WALLET_ID": wallet["walletId"], "CONTRACT_DEFAULT_WALLET_TOKEN": wallet["accessToken"],
                "CONTRACT_DEFAULT_CARD_ID": active["id"]}
    pending, _, _ = enrol("MASTERCARD", "REQUIRE_ACTIVATION")
    session = (pending.get("pendingActivation") or {}).get("sessionId")
    assert session, "the ID&V card has no pending activation session"
    return {"CONTRACT_WALLET_ID": wallet["walletId"], "CONTRACT_WALLET_TOKEN": wallet["accessToken"],
            "CONTRACT_USER_ID": user_id, "CONTRACT_CARD_ID": active["id"], "CONTRACT_CARD_REF": card_ref,
            "CONTRACT_LAST4": last4, "CONTRACT_SESSION_ID": session}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("tpc")
    parser.add_argument("--max-examples", type=int, default=25)
    parser.add_argument("--seed", type=int, default=20261201)
    own, extra = sys.argv[1:], []
    if "--" in own:
        own, extra = own[: own.index("--")], own[own.index("--") + 1:]
    arguments = parser.parse_args(own)
    schemathesis = os.path.join(os.path.dirname(sys.executable), "schemathesis")
    if not os.access(schemathesis, os.X_OK):
        print(f"no schemathesis beside {sys.executable}: run `make deps`", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as work:
        sandbox_dir = os.path.join(work, "sandbox")
        server, base_url = start_sandbox(arguments.tpc, sandbox_dir)
        try:
            if base_url is None:
                print("tpc serve was not ready (no ready file)", file=sys.stderr)
                return 1
            sandbox = SandboxIssuer(base_url, sandbox_dir)
            card = ProvisionedCard(sandbox)
            status, tokens = http("GET", f"{base_url}/v1/issuers/{sandbox.issuer}/backoffice/tokens?cardRef="
                                  + card.card_ref, headers={"Authorization": f"Bearer {sandbox.back_office_key}"})
            assert status == 200 and tokens["tokens"], f"back-office token list: {status}"
            environment = dict(
                os.environ,
                PYTHONPATH=HERE, SCHEMATHESIS_HOOKS="contract_hooks",
                CONTRACT_BASE_URL=base_url, CONTRACT_SANDBOX_DIR=sandbox_dir,
                CONTRACT_ISSUER_ID=sandbox.issuer, CONTRACT_BACK_OFFICE_KEY=sandbox.back_office_key,
                CONTRACT_TOKEN_ID=tokens["tokens"][0]["tokenId"], CONTRACT_PROVISIONED_CARD_REF=card.card_ref,
                CONTRACT_DEVICE_ID=card.device_id, CONTRACT_SERIAL_NUMBER=card.pass_["serialNumber"],
                CONTRACT_NETWORK="VISA",
                **wallet_fixtures(sandbox), **wallet_fixtures(sandbox, with_pending=False))
            root = base_url[: -len("/mg/tpc")] if base_url.endswith("/mg/tpc") else base_url
            command = [
                schemathesis, "--config-file", os.path.join(HERE, "schemathesis.toml"), "run",
                f"{root}/openapi.json", "--url", base_url, "--checks", "all",
                "--max-examples", str(arguments.max_examples), "--seed", str(arguments.seed),
                "--no-color", *extra]
            run = subprocess.run(command, env=environment, cwd=work, timeout=600, capture_output=True, text=True)
            # The report goes to standard error, where a failing test shows it;
            # standard output gets what it covered.
            sys.stderr.write(run.stdout + run.stderr)
            selected = re.search(r"Selected: (\d+)/(\d+)", run.stdout)
            tested = re.search(r"Tested: (\d+)", run.stdout)
            cases = re.search(r"(\d+) generated, (\d+) passed", run.stdout)
            if selected and tested:
                print(f"operations: {selected.group(1)} selected of {selected.group(2)}, {tested.group(1)} tested")
            if cases:
                print(f"test cases: {cases.group(1)} generated, {cases.group(2)} passed")
            return run.returncode
        finally:
            stop_sandbox(server)


if __name__ == "__main__":
    sys.exit(main())
