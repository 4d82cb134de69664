#!/usr/bin/env python3
"""Drives an MDES Customer Service endpoint with Mastercard's own client.

The client is `mastercard-mdes-customer-service` 2.0.8 (PyPI, Mastercard's
generated SDK for the Customer Service API, on `mastercard-api-core`); every
request is signed by Mastercard's reference signer (`mastercard-oauth1-signer`)
through the SDK's authentication hook. Two shims, each for a defect of the
SDK on today's Python and nothing more:
* mastercard-api-core calls json.loads(..., encoding=...), an argument
  Python 3.9 removed: the call would raise and the SDK would hand back the
  raw text; the shim drops that one argument;
* its signer reads PKCS #12 with pyOpenSSL APIs that are gone; signing goes
  through mastercard-oauth1-signer instead (the SDK's documented hook,
  Config.setAuthentication).

Reads {"base_url": "http://127.0.0.1:PORT", "consumer_key", "key_pem",
"steps": [{"op": "search"|"suspend"|"unsuspend"|"delete"|"activate"|"systemstatus",
"token_unique_reference", "reason_code", "comment", "expect_error": bool}]}
on stdin. Writes {"steps": [{"op", "http_status", "parsed", "response", "error"}]}.
Exit 0 when every step went as expected (answers parsed by the SDK into its
objects; errors only where expected, as the SDK's APIException with the
ErrorsResponse parsed), 1 otherwise, 2 on a usage error.
"""
import json
import sys

import requests
from cryptography.hazmat.primitives import serialization

import mastercardapicore.core.controller as controller
from mastercardapicore import Config, RequestMap
from mastercardapicore.core.exceptions import APIException
from mastercardapicore.security.authentication import Authentication
from mastercardmdescustomerservice import (ResourceConfig, Search, SystemStatus, TokenActivate, TokenDelete,
                                           TokenSuspend, TokenUnsuspend)
from oauth1.oauth import OAuth

_loads = json.loads


class _JSONShim:
    """json for mastercard-api-core: loads without the removed `encoding`."""

    @staticmethod
    def loads(text, **options):
        options.pop("encoding", None)
        return _loads(text, **options)

    dumps = staticmethod(json.dumps)


controller.json = _JSONShim


class ReferenceSigner(Authentication):
    """Signs the request as it will be sent (query included) with Mastercard's signer."""

    def __init__(self, consumer_key: str, key):
        self.consumer_key, self.key = consumer_key, key

    def signRequest(self, uri, request):
        url = requests.Request(request.method, request.url, params=request.params).prepare().url
        request.headers["Authorization"] = OAuth.get_authorization_header(
            url, request.method, request.data or "", self.consumer_key, self.key)


AUDIT = {"UserId": "client-check", "UserName": "Mastercard SDK check", "Organization": "PushProvisioning tests"}


def message(content: dict) -> RequestMap:
    request = RequestMap()
    request.setAll(content)
    return request


def call(step: dict):
    reference = step.get("token_unique_reference", "")
    change = {"TokenUniqueReference": reference, "ReasonCode": step.get("reason_code", "Z"), "AuditInfo": AUDIT}
    if step.get("comment"):
        change["CommentText"] = step["comment"]
    op = step["op"]
    if op == "systemstatus":
        return SystemStatus.query(message({}))
    if op == "search":
        return Search.create(message({"SearchRequest": {"TokenUniqueReference": reference, "AuditInfo": AUDIT}}))
    resource, envelope = {
        "suspend": (TokenSuspend, "TokenSuspendRequest"), "unsuspend": (TokenUnsuspend, "TokenUnsuspendRequest"),
        "delete": (TokenDelete, "TokenDeleteRequest"), "activate": (TokenActivate, "TokenActivateRequest"),
    }[op]
    return resource.create(message({envelope: change}))


def main() -> int:
    try:
        request = json.load(sys.stdin)
        key = serialization.load_pem_private_key(request["key_pem"].encode(), password=None)
        steps = request["steps"]
    except (KeyError, ValueError, TypeError) as error:
        print(f"client_check.py: bad input: {error}", file=sys.stderr)
        return 2
    Config.setAuthentication(ReferenceSigner(request["consumer_key"], key))
    ResourceConfig.getInstance().setCustomEnvironment(request["base_url"].rstrip("/"), None)
    results, ok = [], True
    for step in steps:
        result = {"op": step["op"]}
        try:
            answer = call(step)
            result.update(http_status=200, parsed=isinstance(answer.getObject(), dict), response=answer.getObject())
            ok &= result["parsed"] and not step.get("expect_error", False)
        except APIException as error:
            parsed = error.getErrorSize() > 0 and error.getReasonCode() is not None
            result.update(
                http_status=error.getHttpStatus(), parsed=parsed, error=error.getReasonCode(),
                response=getattr(error.getRawErrorData(), "getObject", lambda: None)())
            ok &= bool(step.get("expect_error", False)) and parsed
        results.append(result)
    json.dump({"steps": results}, sys.stdout, default=str)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
