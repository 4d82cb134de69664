"""schemathesis hooks for contract_check.py: the credentials that cannot be
static, made the way a bank's backend and a card network make them.

* `authorizationCode` (GET …/cards/{cardRef}/tokens): a fresh ES256 code with
  scope tokens:read bound to the path's cardRef, per request (codes are
  single use).
* Codes carried in request bodies (the issuer's lifecycle request, wallet
  registration and enrolment): a fresh code for what the body asks, bound to
  the path's token or the body's user.
* `notificationSignature`: `t=<unix seconds>,v1=<hex HMAC-SHA256>` over
  `<t>.` and the exact bytes schemathesis sends (it serializes JSON bodies
  with `json.dumps`).
* `backOfficeKey` and `walletToken`: the sandbox issuer's key and the
  wallet contract_check.py registered.

Everything comes from the environment contract_check.py sets:
CONTRACT_SANDBOX_DIR and CONTRACT_BASE_URL.
"""
import hashlib
import hmac
import json
import os
import time

import schemathesis
from schemathesis.core import NotSet

from issuer_backend import SandboxIssuer

_sandbox = SandboxIssuer(os.environ["CONTRACT_BASE_URL"], os.environ["CONTRACT_SANDBOX_DIR"])

# The lifecycle actions and the scope each needs (docs/issuer-backend.md).
_ACTION_SCOPES = {"ACTIVATE": "token:activate", "SUSPEND": "token:suspend", "RESUME": "token:resume",
                  "DELETE": "token:delete"}


def _is_object(body) -> bool:
    return isinstance(body, dict)


def _signature(body) -> str:
    """The network's signature over the body schemathesis is about to send."""
    if isinstance(body, NotSet):
        raw = b""
    elif isinstance(body, (bytes, bytearray)):
        raw = bytes(body)
    elif isinstance(body, str):
        raw = body.encode("utf-8")
    else:
        raw = json.dumps(body).encode("utf-8")
    timestamp = str(int(time.time()))
    mac = hmac.new(_sandbox.notification_secret, timestamp.encode() + b"." + raw, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={mac}"


@schemathesis.auth(refresh_interval=None)
class Credentials:
    """The credential the operation's security scheme names: the back-office
    key, the wallet's access token, a fresh tokens:read code bound to the
    path's card, or the network's signature over the body. One provider for
    every operation (schemathesis asks one); it answers nothing for the
    operations without a scheme. schemathesis leaves it out where it tests
    missing or invalid credentials."""

    def get(self, case, context):
        path = case.operation.path
        if "/backoffice/" in path:
            return ("Authorization", f"Bearer {os.environ['CONTRACT_BACK_OFFICE_KEY']}")
        if "/wallets/{walletId}" in path:
            default = str(case.path_parameters.get("walletId")) == os.environ["CONTRACT_DEFAULT_WALLET_ID"]
            token = os.environ["CONTRACT_DEFAULT_WALLET_TOKEN" if default else "CONTRACT_WALLET_TOKEN"]
            return ("Authorization", f"Bearer {token}")
        if path.endswith("/cards/{cardRef}/tokens"):
            code = _sandbox.code("tokens:read", card_ref=str(case.path_parameters.get("cardRef", "")))
            return ("Authorization", f"Bearer {code}")
        if path.endswith("/notifications"):
            return ("X-PP-Signature", _signature(case.body))
        return None

    def set(self, case, data, context):
        name, value = data
        if case.headers is None:
            case.headers = {}
        case.headers[name] = value


def _fresh_body_code(case) -> None:
    """Codes inside request bodies: fresh, and for what the body asks."""
    path = case.operation.path
    body = case.body
    if not _is_object(body) or "authorizationCode" not in body:
        return
    if path.endswith("/tokens/{tokenId}/state"):
        scope = _ACTION_SCOPES.get(str(body.get("action", "")).upper(), "token:suspend")
        body["authorizationCode"] = _sandbox.code(scope, tokenId=str(case.path_parameters.get("tokenId", "")))
    elif path.endswith("/wallets"):
        body["authorizationCode"] = _sandbox.code("wallet:register", sub=str(body.get("userId", "")))
    elif path.endswith("/wallets/{walletId}/cards"):
        body["authorizationCode"] = _sandbox.code(
            "wallet:enrol", card_ref=os.environ.get("CONTRACT_CARD_REF"), last4=os.environ.get("CONTRACT_LAST4"),
            sub=os.environ.get("CONTRACT_USER_ID"))


@schemathesis.hook
def before_call(context, case, kwargs):
    _fresh_body_code(case)
