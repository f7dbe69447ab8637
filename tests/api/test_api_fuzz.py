"""The open API fuzzed from its served schema by schemathesis, on a real Daphne process with real
tokens: whatever a generated call sends, valid or not, the answer is no 5xx, its status is one the
schema documents for the call, and its body fits the documented schema.

The run in `make test` is bounded (FUZZ_EXAMPLES calls an operation); a longer one:

    POLIS_FUZZ_EXAMPLES=500 .venv/bin/python -m pytest tests/api/test_api_fuzz.py

The streams (served in front of Django and never ending) are left to tests/api/test_api_live.py.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import hypothesis
import pytest
import schemathesis
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance, response_schema_conformance,
                                               status_code_conformance)

from benchmarks.client import SiteUser
from tests.support.services import DaphneProcess, embedded_site

pytestmark = pytest.mark.services

#: Generated calls an operation meets in `make test`.
FUZZ_EXAMPLES = int(os.environ.get("POLIS_FUZZ_EXAMPLES", "25"))


@pytest.fixture(scope="module")
def fuzzed_site() -> Iterator[tuple[DaphneProcess, str]]:
    """A site, a player with a match against the computer in play (ids for the calls to hit), and
    a token with every scope."""
    with embedded_site("polis-fuzz-", COMPUTER_PAUSE="0", API_RATE_PER_TOKEN="100000/10s") as site:
        user = SiteUser(site.base_url, f"fuzz{os.getpid() % 1000}").sign_up()
        token = user.make_token("fuzz", ("read", "play", "challenge", "bot"))
        yield site, token


def operations(site: DaphneProcess) -> list[Any]:
    """Every documented operation but the streams, as the served schema says it."""
    schema = schemathesis.openapi.from_url(f"{site.base_url}/api/v1/schema/")
    found = [result.ok() for result in schema.get_all_operations()]
    return [operation for operation in found if "/stream" not in operation.path]


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=["valid", "invalid"])
def test_every_generated_call_is_answered_typed_and_as_the_schema_documents(fuzzed_site: tuple[DaphneProcess, str],
                                                                            mode: GenerationMode) -> None:
    """Each operation's generated calls (schemathesis's strategies, driven by hypothesis: pytest's
    own parametrizing by schemathesis does not load under this pytest), valid ones and invalid."""
    site, token = fuzzed_site
    found = operations(site)
    assert len(found) >= 15, [o.label for o in found]
    for operation in found:
        @hypothesis.given(case=operation.as_strategy(generation_mode=mode))
        @hypothesis.settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=True, database=None,
                             suppress_health_check=list(hypothesis.HealthCheck))
        def call(case: Any) -> None:
            case.call_and_validate(base_url=site.base_url, headers={"Authorization": f"Bearer {token}"},
                                   checks=[not_a_server_error, status_code_conformance, content_type_conformance,
                                           response_schema_conformance])

        call()
